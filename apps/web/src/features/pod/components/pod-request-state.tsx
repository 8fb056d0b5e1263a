import { formatDistance, type PodRequestSummary } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import { Button } from '@/shared/ui/button';
import { Icon, type IconName } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';
import { formatDateTime } from '@/shared/utils/format';

const text = podText.state;

const LOOK: Record<string, { title: string; icon: IconName; tone: string }> = {
  pending: { title: text.pendingTitle, icon: 'clock', tone: 'border-amber-300 bg-amber-50 text-amber-950' },
  rejected: { title: text.rejectedTitle, icon: 'alert', tone: 'border-red-300 bg-red-50 text-red-950' },
  approved: { title: text.approvedTitle, icon: 'check', tone: 'border-emerald-300 bg-emerald-50 text-emerald-950' },
};

/**
 * The order's latest POD request as the crew sees it: waiting, rejected (with the reason) or
 * approved. Compact (it sits above the scan-and-go form on a 360 × 640 phone): "Ajukan lagi"
 * shares the title's row, the reason and the time share one line.
 */
export function PodRequestState({
  request,
  onRequestAgain,
  words,
}: {
  request: PodRequestSummary;
  onRequestAgain?: () => void;
  /** The return POD's own words for a rejection (what to try again). */
  words?: { rejectedTitle: string; rejectedHint: string };
}) {
  const look = LOOK[request.status] ?? LOOK.pending!;
  const title = request.status === 'rejected' && words ? words.rejectedTitle : look.title;
  return (
    <section role="status" aria-live="polite" className={cn('flex flex-col gap-1 rounded-2xl border p-3', look.tone)} data-testid="pod-request-state" data-status={request.status}>
      {/* min-h-11 in every state: a decision arriving live does not move the screen under a finger. */}
      <div className="flex min-h-11 items-center gap-2">
        <h2 className="flex min-w-0 flex-1 items-center gap-2 font-bold">
          <Icon name={look.icon} className="size-5 shrink-0" />
          {title}
        </h2>
        {request.status === 'rejected' && onRequestAgain ? (
          <Button variant="secondary" onClick={onRequestAgain} className="shrink-0 px-3 text-sm" data-testid="request-again">
            {text.requestAgain}
          </Button>
        ) : null}
      </div>
      {request.status === 'pending' ? <p className="text-sm">{text.pendingHint}</p> : null}
      {request.status === 'rejected' && request.rejectReason ? (
        <p className="text-sm" data-testid="pod-reject-reason">
          <span className="font-semibold">{text.rejectReason}: </span>
          {request.rejectReason.display}
          {request.decidedByName ? <span> ({t(text.by, { name: request.decidedByName })})</span> : null}
        </p>
      ) : null}
      {request.status === 'approved' && request.decidedByName ? <p className="text-sm">{t(text.by, { name: request.decidedByName })}</p> : null}
      <p className="text-xs opacity-80">
        {text.reason}: {request.reason.display}
        {request.distanceM !== null ? ` · ${formatDistance(request.distanceM)}` : ''}
        {' · '}
        {t(text.requestedAt, { time: formatDateTime(request.requestDate) })}
      </p>
      {request.status === 'rejected' ? <p className="text-sm">{words?.rejectedHint ?? text.rejectedHint}</p> : null}
    </section>
  );
}
