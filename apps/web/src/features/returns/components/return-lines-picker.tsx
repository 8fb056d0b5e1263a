import type { Returnable } from '@gerai/contract';
import { id, t } from '@/shared/i18n/id';
import { returnsText } from '@/shared/i18n/returns';
import { Stepper } from '@/shared/ui/stepper';
import { cn } from '@/shared/utils/cn';

const text = returnsText.request;

/**
 * Which lines come back and how many: a stepper per line from 0 to what may still be returned
 * (delivered minus earlier returns), never more. A line with nothing left says so.
 */
export function ReturnLinesPicker({
  lines,
  qty,
  onChange,
  error,
  disabled = false,
}: {
  lines: Returnable['lines'];
  qty: Readonly<Record<number, number>>;
  onChange: (lineId: number, value: number) => void;
  error: string | null;
  disabled?: boolean;
}) {
  return (
    <section aria-label={text.linesTitle} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="return-lines">
      <h2 className="font-semibold text-slate-900">{text.linesTitle}</h2>
      <p className="text-xs text-slate-500">{text.linesHint}</p>
      <ul className="flex flex-col divide-y divide-slate-100">
        {lines.map((line) => {
          const value = Math.min(qty[line.lineId] ?? 0, line.returnable);
          return (
            <li key={line.lineId} className="flex flex-col gap-1.5 py-2" data-testid={`return-line-${line.lineId}`}>
              <p className={cn('text-sm font-medium', value > 0 ? 'text-slate-900' : 'text-slate-700')}>{line.name}</p>
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <p className="text-xs text-slate-500">
                  {t(text.delivered, { delivered: line.delivered })}
                  {line.returned > 0 ? ` · ${t(text.returned, { returned: line.returned })}` : ''}
                  {line.returnable > 0 ? ` · ${t(text.maxQty, { max: line.returnable })}` : ''}
                </p>
                {line.returnable > 0 ? (
                  <Stepper
                    value={value}
                    onChange={(v) => onChange(line.lineId, v)}
                    min={0}
                    max={line.returnable}
                    label={t(text.qtyLabel, { name: line.name })}
                    decreaseLabel={id.common.decrease}
                    increaseLabel={id.common.increase}
                    disabled={disabled}
                    testId={`return-qty-${line.lineId}`}
                  />
                ) : (
                  <span className="text-sm text-slate-500">{text.nothingLeft}</span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {error ? (
        <p role="alert" className="text-sm text-red-700" data-testid="return-lines-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
