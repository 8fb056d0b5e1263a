import { RETURN_STATUS_LABEL, type ReturnStatus } from '@gerai/contract';
import { cn } from '@/shared/utils/cn';

const TONE: Record<ReturnStatus, string> = {
  requested: 'bg-amber-100 text-amber-900',
  approved: 'bg-sky-100 text-sky-900',
  collected: 'bg-indigo-100 text-indigo-900',
  received: 'bg-violet-100 text-violet-900',
  refunded: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
};

export function ReturnStatusChip({ status, className }: { status: ReturnStatus; className?: string }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-bold', TONE[status], className)} data-testid="return-status-chip" data-status={status}>
      {RETURN_STATUS_LABEL[status]}
    </span>
  );
}
