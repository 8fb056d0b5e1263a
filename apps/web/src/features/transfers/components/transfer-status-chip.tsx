import { MAT_STATUS_LABEL, type MatStatus } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { Icon } from '@/shared/ui/icons';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';

const TONE: Record<MatStatus, string> = {
  new: 'bg-amber-100 text-amber-900',
  process: 'bg-sky-100 text-sky-900',
  finish: 'bg-emerald-100 text-emerald-900',
  cancel: 'bg-slate-200 text-slate-700',
};

/** A transfer's status as a chip. */
export function TransferStatusChip({ status, className }: { status: MatStatus; className?: string }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-bold', TONE[status], className)} data-testid="mat-status-chip" data-status={status}>
      {MAT_STATUS_LABEL[status]}
    </span>
  );
}

/** "Terkunci": 5 wrong PINs, nobody may confirm until a supervisor unlocks it. */
export function LockedChip() {
  return (
    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold text-red-800" data-testid="mat-locked-chip">
      <Icon name="alert" className="size-3.5" />
      {transfersText.common.locked}
    </span>
  );
}

/** "Selisih n": units sent and not received. */
export function ShortChip({ qty }: { qty: number }) {
  return (
    <span className="inline-flex shrink-0 items-center rounded-full bg-orange-100 px-2 py-0.5 text-xs font-bold text-orange-900 tabular-nums" data-testid="mat-short-chip">
      {t(transfersText.common.short, { n: formatNumber(qty) })}
    </span>
  );
}
