import type { TransferDetail } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { Card, Field } from '@/shared/ui/card';
import { formatNumber } from '@/shared/utils/format';
import { RecordNumber } from '@/shared/ui/record-number';
import { LockedChip, ShortChip, TransferStatusChip } from './transfer-status-chip';

const common = transfersText.common;

const storeName = (s: { storeCode: string; storeName: string }) => t(common.store, { code: s.storeCode, name: s.storeName });

/** The transfer at the top of its detail: number, status (locked, short), both stores, products and units, the note. */
export function TransferHeader({ detail: d }: { detail: TransferDetail }) {
  return (
    <Card testId="mat-header">
      <RecordNumber value={d.matNo} testId="mat-number" wrap>
        <TransferStatusChip status={d.matStatus} />
        {d.locked ? <LockedChip /> : null}
        {d.qtyShort > 0 ? <ShortChip qty={d.qtyShort} /> : null}
      </RecordNumber>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2">
        <Field label={common.sender}>
          <span data-testid="mat-sender">{storeName(d.sender)}</span>
        </Field>
        <Field label={common.receiver}>
          <span data-testid="mat-receiver">{storeName(d.receiver)}</span>
        </Field>
        <Field label={transfersText.detail.linesTitle}>
          <span className="tabular-nums" data-testid="mat-totals">
            {t(common.productsUnits, { n: formatNumber(d.lineCount), qty: formatNumber(d.qtySent) })}
          </span>
        </Field>
        <Field label={common.idTbsms}>
          <span className="font-mono break-all">{d.idTbsms}</span>
        </Field>
        {d.note ? (
          <Field label={common.note} className="col-span-2">
            <span className="whitespace-pre-line" data-testid="mat-note">
              {d.note}
            </span>
          </Field>
        ) : null}
      </dl>
    </Card>
  );
}
