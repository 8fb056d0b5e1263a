import { cn } from '../utils/cn';
import { Icon, type IconName } from './icons';

/**
 * Colours of a live banner: a new order (calm green); a request to decide (a POD approval: amber); an
 * alarm (an escalated order): dark with an amber ring, since the app's own red (the header) would hide
 * a red banner over it.
 */
const TONES = {
  emerald: { surface: 'bg-emerald-700', detail: 'text-emerald-50', hint: 'text-emerald-100' },
  amber: { surface: 'bg-amber-600', detail: 'text-amber-50', hint: 'text-amber-100' },
  alarm: { surface: 'bg-slate-900 ring-2 ring-amber-400', detail: 'text-slate-100', hint: 'text-amber-200' },
} as const;
export type LiveBannerTone = keyof typeof TONES;

/**
 * What arrived on the live stream and wants a look (a new order, a POD request, an escalation): the whole banner
 * opens it, the close button dismisses it. Place it in the shell's banner stack (the new-order
 * banner's column), so banners stack instead of covering each other.
 */
export function LiveBanner({
  tone,
  icon,
  title,
  detail,
  hint,
  onOpen,
  onDismiss,
  dismissLabel,
  testId,
}: {
  tone: LiveBannerTone;
  icon: IconName;
  title: string;
  detail: string;
  hint: string;
  onOpen: () => void;
  onDismiss: () => void;
  dismissLabel: string;
  testId: string;
}) {
  const colours = TONES[tone];
  return (
    <div role="alert" data-testid={testId} className={cn('pointer-events-auto flex w-full items-center gap-2 rounded-2xl p-2 pl-3 text-white shadow-lg', colours.surface)}>
      <button type="button" className="flex min-h-11 min-w-0 flex-1 items-center gap-3 text-left" onClick={onOpen}>
        <Icon name={icon} className="size-7 shrink-0" />
        <span className="min-w-0">
          <span className="block font-bold">{title}</span>
          <span className={cn('block truncate text-sm', colours.detail)}>{detail}</span>
          <span className={cn('block text-xs', colours.hint)}>{hint}</span>
        </span>
      </button>
      <button type="button" onClick={onDismiss} aria-label={dismissLabel} className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-white/10">
        <Icon name="close" />
      </button>
    </div>
  );
}
