import { TRANSFER_DISCREPANCY_LABEL, TRANSFER_DISCREPANCY_REASONS, TRANSFER_LIMITS, type Reason, type TransferDiscrepancyReason, type TransferLine } from '@gerai/contract';
import { id, t } from '@/shared/i18n/id';
import { transfersText } from '@/shared/i18n/transfers';
import { Button } from '@/shared/ui/button';
import { Icon } from '@/shared/ui/icons';
import { ProductThumb } from '@/shared/ui/product-thumb';
import { ReasonPicker } from '@/shared/ui/reason-picker';
import { Stepper } from '@/shared/ui/stepper';
import { isTooLong } from '@/shared/ui/text-area-field';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import type { ReasonChoice } from '@/shared/utils/reason-choice';
import { ProductTitle } from '@/shared/ui/product-title';
import type { LineReason } from '../utils/count-draft';

const text = transfersText.count;

/** The contract's discrepancy reasons as the shared picker's rows ("Lainnya" asks for a note). */
const REASONS: readonly Reason[] = TRANSFER_DISCREPANCY_REASONS.map((r, i) => ({ id: i + 1, label: TRANSFER_DISCREPANCY_LABEL[r], requiresText: r === 'other' }));
const reasonOfId = (reasonId: number | null): TransferDiscrepancyReason | null => (reasonId ? (TRANSFER_DISCREPANCY_REASONS[reasonId - 1] ?? null) : null);
const idOfReason = (reason: TransferDiscrepancyReason | null) => (reason ? TRANSFER_DISCREPANCY_REASONS.indexOf(reason) + 1 : null);

/**
 * One line being counted: the product, what was sent, the count (never above it), and — while it is
 * short — why: the reason's summary with "Ubah alasan", or the picker itself when `open`.
 */
export function CountLine({
  line,
  count,
  reason,
  open,
  onCount,
  onReason,
  onOpen,
  onClose,
  disabled,
  refusal = null,
}: {
  line: TransferLine;
  count: number;
  reason: LineReason | undefined;
  open: boolean;
  onCount: (n: number) => void;
  onReason: (reason: LineReason) => void;
  onOpen: () => void;
  onClose: () => void;
  disabled: boolean;
  /** What the server refused about this line when finishing (placed by its product). */
  refusal?: string | null;
}) {
  const short = line.qtySent - count;
  const chosen = reason?.reason ?? null;
  const noteMissing = chosen === 'other' && !reason?.note.trim();
  const noteTooLong = chosen === 'other' && isTooLong(reason?.note ?? '', TRANSFER_LIMITS.noteMax);
  const choice: ReasonChoice = { reasonId: idOfReason(chosen), text: reason?.note ?? '' };
  const change = (next: ReasonChoice) => {
    const r = reasonOfId(next.reasonId);
    onReason({ reason: r, note: r === 'other' ? next.text : '' });
    // A reason without a note is complete: the picker folds away; "Lainnya" stays open for its note.
    if (r && r !== 'other' && r !== chosen) onClose();
  };
  return (
    <li className={cn('flex flex-col gap-2 rounded-2xl border bg-white p-3', short > 0 ? 'border-orange-200' : 'border-emerald-200')} data-testid={`count-line-${line.productId}`} data-short={short > 0 || undefined}>
      <div className="flex items-start gap-3">
        <ProductThumb imageUrl={line.imageUrl} className="size-10" />
        <ProductTitle name={line.name} code={line.barcode}>
          <p className="text-xs font-semibold text-slate-700 tabular-nums">{t(text.sentN, { n: formatNumber(line.qtySent) })}</p>
        </ProductTitle>
      </div>
      <div className="flex items-center justify-between gap-2">
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-bold tabular-nums', short > 0 ? 'bg-orange-100 text-orange-900' : 'bg-emerald-100 text-emerald-800')} data-testid="count-line-state">
          {short > 0 ? t(text.shortN, { n: formatNumber(short) }) : text.complete}
        </span>
        <Stepper
          value={count}
          min={0}
          max={line.qtySent}
          onChange={onCount}
          label={t(text.qtyLabel, { name: line.name })}
          decreaseLabel={id.common.decrease}
          increaseLabel={id.common.increase}
          disabled={disabled}
          testId={`count-qty-${line.productId}`}
        />
      </div>
      {short > 0 ? (
        open ? (
          <div className="flex flex-col gap-2 border-t border-slate-100 pt-2">
            <ReasonPicker
              legend={text.reasonLegend}
              reasons={REASONS}
              value={choice}
              onChange={change}
              errors={noteMissing ? { text: text.noteRequired } : null}
              textLabel={text.noteLabel}
              textPlaceholder={text.notePlaceholder}
              disabled={disabled}
              testId={`count-reason-${line.productId}`}
              textMax={TRANSFER_LIMITS.noteMax}
            />
            {chosen ? (
              <Button variant="secondary" onClick={onClose} disabled={noteMissing || noteTooLong} className="self-end" data-testid="count-reason-done">
                {id.common.ok}
              </Button>
            ) : null}
          </div>
        ) : chosen ? (
          <div className="flex items-center gap-2 border-t border-slate-100 pt-2 text-sm">
            <p className="min-w-0 flex-1 text-slate-800" data-testid="count-reason-chosen">
              <span className="font-semibold">{TRANSFER_DISCREPANCY_LABEL[chosen]}</span>
              {reason?.note.trim() ? <span className="block break-words text-slate-600">{reason.note}</span> : null}
            </p>
            <Button variant="ghost" onClick={onOpen} disabled={disabled} className="shrink-0 px-2 text-brand-700" data-testid="count-reason-change">
              {text.reasonChange}
            </Button>
          </div>
        ) : (
          <Button variant="secondary" block onClick={onOpen} disabled={disabled} data-testid="count-reason-open">
            {text.reasonPick}
          </Button>
        )
      ) : null}
      {refusal ? (
        <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 px-2 py-1.5 text-sm whitespace-pre-line text-red-800" data-testid="count-line-refused">
          <Icon name="alert" className="size-4 shrink-0 translate-y-0.5" />
          {refusal}
        </p>
      ) : null}
    </li>
  );
}
