import { TICKET_STATUS_LABEL, type TicketStatus } from '@gerai/contract';
import { cn } from '@/shared/utils/cn';

const TONE: Record<TicketStatus, string> = {
  open: 'bg-amber-100 text-amber-900',
  in_progress: 'bg-sky-100 text-sky-900',
  resolved: 'bg-emerald-100 text-emerald-900',
  closed: 'bg-slate-200 text-slate-700',
};

export function TicketStatusChip({ status, className }: { status: TicketStatus; className?: string }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-bold', TONE[status], className)} data-testid="ticket-status-chip" data-status={status}>
      {TICKET_STATUS_LABEL[status]}
    </span>
  );
}
