import { memo } from 'react';
import type { TransferItem } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { CardAge, CardSkeleton, LinkCard } from '@/shared/ui/card';
import { formatNumber } from '@/shared/utils/format';
import { otherStoreLabel } from '../utils/transfer-view';
import { LockedChip, ShortChip, TransferStatusChip } from './transfer-status-chip';

const common = transfersText.common;

/** One transfer of a list: number, status, the other store, products and units, when; tap to open it at `to`. */
export const TransferCard = memo(function TransferCard({ item, to, now }: { item: TransferItem; to: string; now: number }) {
  return (
    <LinkCard to={to} testId={`mat-card-${item.matNo}`} className="gap-1.5">
      <div className="flex items-center gap-2">
        <p className="min-w-0 flex-1 truncate font-mono font-semibold text-slate-900">{item.matNo}</p>
        <TransferStatusChip status={item.matStatus} />
      </div>
      <p className="truncate text-sm font-medium text-slate-800" data-testid="mat-card-store">
        {otherStoreLabel(item)}
      </p>
      <div className="flex items-center justify-between gap-2 text-xs text-slate-600">
        <span className="tabular-nums" data-testid="mat-card-qty">
          {t(common.productsUnits, { n: formatNumber(item.lineCount), qty: formatNumber(item.qtySent) })}
        </span>
        <CardAge at={item.createdAt} now={now} />
      </div>
      {item.locked || item.qtyShort > 0 ? (
        <div className="flex flex-wrap gap-1.5">
          {item.locked ? <LockedChip /> : null}
          {item.qtyShort > 0 ? <ShortChip qty={item.qtyShort} /> : null}
        </div>
      ) : null}
    </LinkCard>
  );
});

export function TransferCardSkeleton() {
  return <CardSkeleton rows={[['h-5 w-1/2', 'h-5 w-14'], 'h-4 w-3/4', ['h-3 w-1/3', 'h-3 w-20']]} />;
}
