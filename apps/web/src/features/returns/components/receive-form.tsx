import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { RETURN_TEXT, RETURN_STOCK_CONDITIONS, STOCK_CONDITION, type ReturnDetail, type ReturnStockCondition } from '@gerai/contract';
import { id, t } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { Stepper } from '@/shared/ui/stepper';
import { isTooLong, TextAreaField } from '@/shared/ui/text-area-field';
import { cn } from '@/shared/utils/cn';
import type { ReceiveReturnInput } from '../api/receive-return';

const text = returnsText.detail;

interface LineInput {
  qtyReceived: number;
  condition: ReturnStockCondition;
}

/**
 * What arrived at the store, per line: how many (0 to the line's quantity; all of them unless
 * changed) and their condition — sellable goes back to the stock, damaged to the damaged stock.
 * The submit button is the screen's (`footer`, its action bar), rendered inside the form.
 */
export function ReceiveForm({
  lines,
  onSubmit,
  disabled = false,
  footer,
}: {
  lines: ReturnDetail['lines'];
  onSubmit: (input: ReceiveReturnInput) => void;
  disabled?: boolean;
  footer: ReactNode;
}) {
  const uid = useId();
  const [values, setValues] = useState<Record<number, LineInput>>(() =>
    Object.fromEntries(lines.map((l) => [l.lineId, { qtyReceived: l.qty, condition: STOCK_CONDITION.SELLABLE }])),
  );
  const [note, setNote] = useState('');
  const set = (lineId: number, patch: Partial<LineInput>) => setValues((v) => ({ ...v, [lineId]: { ...v[lineId]!, ...patch } }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Past the limit the note says so itself; nothing is cut or sent.
    if (isTooLong(note, RETURN_TEXT.noteMax)) return;
    onSubmit({
      lines: lines.map((l) => {
        const v = values[l.lineId] ?? { qtyReceived: l.qty, condition: STOCK_CONDITION.SELLABLE };
        return { lineId: l.lineId, qtyReceived: Math.min(Math.max(0, v.qtyReceived), l.qty), condition: v.condition };
      }),
      ...(note.trim() ? { note: note.trim() } : {}),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={text.receiveTitle} className="flex flex-col gap-3 rounded-2xl border-2 border-brand-200 bg-white p-3 shadow-sm" data-testid="return-receive-form">
      <h2 className="text-lg font-bold text-slate-900">{text.receiveTitle}</h2>
      <p className="text-xs text-slate-600">{text.receiveHint}</p>
      <ul className="flex flex-col divide-y divide-slate-100">
        {lines.map((l) => {
          const v = values[l.lineId]!;
          return (
            <li key={l.lineId} className="flex flex-col gap-2 py-2" data-testid={`receive-line-${l.lineId}`}>
              <p className="text-sm font-medium text-slate-900">{l.name}</p>
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <span className="text-xs text-slate-500">{t(text.receiveQty, { qty: l.qty })}</span>
                <Stepper
                  value={v.qtyReceived}
                  onChange={(qtyReceived) => set(l.lineId, { qtyReceived })}
                  min={0}
                  max={l.qty}
                  label={t(text.receiveQtyLabel, { name: l.name })}
                  decreaseLabel={id.common.decrease}
                  increaseLabel={id.common.increase}
                  disabled={disabled}
                  testId={`receive-qty-${l.lineId}`}
                />
              </div>
              <fieldset className="grid grid-cols-2 gap-2" disabled={disabled} data-testid={`receive-condition-${l.lineId}`}>
                <legend className="sr-only">{t(text.conditionLabel, { name: l.name })}</legend>
                {RETURN_STOCK_CONDITIONS.map((c) => (
                  <label
                    key={c}
                    className={cn(
                      'flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border px-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                      v.condition === c
                        ? c === STOCK_CONDITION.DAMAGED
                          ? 'border-red-600 bg-red-50 font-semibold text-red-900'
                          : 'border-brand-700 bg-brand-50 font-semibold text-brand-900'
                        : 'border-slate-300 bg-white text-slate-800',
                    )}
                  >
                    <input type="radio" name={`${uid}-condition-${l.lineId}`} value={c} checked={v.condition === c} onChange={() => set(l.lineId, { condition: c })} className="size-5 accent-brand-700" />
                    {returnsText.condition[c]}
                  </label>
                ))}
              </fieldset>
            </li>
          );
        })}
      </ul>
      <TextAreaField id={`${uid}-note`} label={text.receiveNote} rows={2} max={RETURN_TEXT.noteMax} value={note} onChange={setNote} disabled={disabled} testId="return-receive-note" />
      {footer}
    </form>
  );
}
