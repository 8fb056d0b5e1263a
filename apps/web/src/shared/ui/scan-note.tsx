import { cn } from '@/shared/utils/cn';
import { Icon } from './icons';

/**
 * What the last scan did, in the one line a scan screen keeps for it: green with a tick when it
 * counted, amber with a cloud when it is kept on the phone to send later, red otherwise. The screen
 * sets its padding and how many lines the words may take.
 */
export function ScanNote({ tone, text, className = 'p-2', textClassName = 'line-clamp-2' }: { tone: string; text: string; className?: string; textClassName?: string }) {
  return (
    <p
      data-tone={tone}
      className={cn(
        'flex w-full items-start gap-2 rounded-xl text-sm font-medium',
        className,
        tone === 'success' ? 'bg-emerald-50 text-emerald-800' : tone === 'kept' ? 'bg-amber-50 text-amber-900' : 'bg-red-50 text-red-800',
      )}
    >
      <Icon name={tone === 'success' ? 'check' : tone === 'kept' ? 'cloudUp' : 'alert'} className="size-5 shrink-0" />
      <span className={textClassName}>{text}</span>
    </p>
  );
}
