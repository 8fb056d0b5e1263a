import { TRANSFER_DISCREPANCY_LABEL, type TransferDetail, type TransferLine } from '@gerai/contract';
import { t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { Card } from '@/shared/ui/card';
import { ProductThumb } from '@/shared/ui/product-thumb';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import { ProductTitle } from '@/shared/ui/product-title';

const text = transfersText.detail;

/** What one line lacks once finished (0 before). */
export const lineShort = (line: TransferLine) => (line.qtyReceived === null ? 0 : Math.max(0, line.qtySent - line.qtyReceived));

/** A line: the product, units sent and, once counted, received; a line short is marked with its reason and note. */
function LineRow({ line }: { line: TransferLine }) {
  const short = lineShort(line);
  return (
    <li className={cn('flex flex-col gap-1.5 py-2', short > 0 && '-mx-3 bg-orange-50 px-3')} data-testid={`mat-line-${line.productId}`} data-short={short > 0 || undefined}>
      <div className="flex items-start gap-3">
        <ProductThumb imageUrl={line.imageUrl} className="size-10" />
        <ProductTitle name={line.name} code={line.barcode} />
        <div className="flex shrink-0 flex-col items-end text-sm tabular-nums">
          <span className="text-slate-700" data-testid="mat-line-sent">
            {t(text.sentN, { n: formatNumber(line.qtySent) })}
          </span>
          {line.qtyReceived !== null ? (
            <span className={cn('font-semibold', short > 0 ? 'text-orange-800' : 'text-emerald-700')} data-testid="mat-line-received">
              {t(text.receivedN, { n: formatNumber(line.qtyReceived) })}
            </span>
          ) : null}
        </div>
      </div>
      {short > 0 ? (
        <div className="flex flex-col gap-0.5 rounded-lg border border-orange-200 bg-white px-2 py-1.5 text-sm" data-testid="mat-line-difference">
          <p className="font-semibold text-orange-900">
            {t(text.shortN, { n: formatNumber(short) })}
            {line.reason ? ` · ${TRANSFER_DISCREPANCY_LABEL[line.reason]}` : ''}
          </p>
          {line.note ? <p className="break-words text-slate-700">{line.note}</p> : null}
        </div>
      ) : null}
    </li>
  );
}

/** The transfer's products, with the totals sent (and received, once finished). */
export function TransferLines({ detail }: { detail: Pick<TransferDetail, 'lines' | 'qtySent' | 'qtyReceived' | 'lineCount'> }) {
  return (
    <Card
      title={text.linesTitle}
      testId="mat-lines"
      actions={
        <span className="text-sm font-semibold text-slate-700 tabular-nums">
          {t(transfersText.common.productsUnits, { n: formatNumber(detail.lineCount), qty: formatNumber(detail.qtySent) })}
        </span>
      }
    >
      <ul className="flex flex-col divide-y divide-slate-100">
        {detail.lines.map((line) => (
          <LineRow key={line.productId} line={line} />
        ))}
      </ul>
    </Card>
  );
}
