import { CANCEL_REQUEST_STATUS_LABEL, type CancelRequestStatus } from '@gerai/contract';
import { cn } from '@/shared/utils/cn';

const TONE: Record<CancelRequestStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
};

export function CancelStatusChip({ status, className }: { status: CancelRequestStatus; className?: string }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-bold', TONE[status], className)} data-testid="cancel-status-chip">
      {CANCEL_REQUEST_STATUS_LABEL[status]}
    </span>
  );
}
