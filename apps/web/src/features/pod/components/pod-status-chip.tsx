import { podText } from '@/shared/i18n/pod';
import { cn } from '@/shared/utils/cn';

const TONE: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
};

export function PodStatusChip({ status, className }: { status: string; className?: string }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-bold', TONE[status] ?? 'bg-slate-100 text-slate-800', className)} data-testid="pod-status-chip">
      {podText.status[status] ?? status}
    </span>
  );
}
