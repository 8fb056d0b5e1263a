import { useId } from 'react';
import { POD_TEXT, type Reason } from '@gerai/contract';
import { cn } from '@/shared/utils/cn';
import type { ReasonChoice, ReasonChoiceErrors } from '@/shared/utils/reason-choice';

/** The reason list as large radio rows; "Lainnya" opens a required free text. */
export function ReasonPicker({
  legend,
  reasons,
  value,
  onChange,
  errors,
  textLabel,
  textPlaceholder,
  disabled = false,
  testId,
}: {
  legend: string;
  reasons: readonly Reason[];
  value: ReasonChoice;
  onChange: (value: ReasonChoice) => void;
  errors: ReasonChoiceErrors | null;
  textLabel: string;
  textPlaceholder: string;
  disabled?: boolean;
  testId: string;
}) {
  const uid = useId();
  const chosen = reasons.find((r) => r.id === value.reasonId);
  return (
    <fieldset className="flex flex-col gap-2" data-testid={testId} disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-col gap-2" role="radiogroup" aria-invalid={errors?.reason ? true : undefined} aria-describedby={errors?.reason ? `${uid}-reason-error` : undefined}>
        {reasons.map((r) => (
          <label
            key={r.id}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
              value.reasonId === r.id ? 'border-brand-700 bg-brand-50 font-semibold text-brand-900' : 'border-slate-300 bg-white text-slate-800',
            )}
          >
            <input type="radio" name={`${uid}-reason`} className="size-5 shrink-0 accent-brand-700" checked={value.reasonId === r.id} onChange={() => onChange({ ...value, reasonId: r.id })} />
            {r.label}
          </label>
        ))}
      </div>
      {errors?.reason ? (
        <p id={`${uid}-reason-error`} role="alert" className="text-sm text-red-700">
          {errors.reason}
        </p>
      ) : null}
      {chosen?.requiresText ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${uid}-text`} className="text-sm font-medium text-slate-700">
            {textLabel}
          </label>
          <textarea
            id={`${uid}-text`}
            rows={3}
            maxLength={POD_TEXT.reasonTextMax}
            placeholder={textPlaceholder}
            value={value.text}
            onChange={(e) => onChange({ ...value, text: e.target.value })}
            aria-invalid={errors?.text ? true : undefined}
            aria-describedby={errors?.text ? `${uid}-text-error` : undefined}
            data-testid={`${testId}-text`}
            className={cn(
              'w-full rounded-xl border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0',
              errors?.text ? 'border-red-500 outline-red-200' : 'border-slate-300 focus:border-brand-600 focus:outline-brand-200',
            )}
          />
          {errors?.text ? (
            <p id={`${uid}-text-error`} role="alert" className="text-sm text-red-700">
              {errors.text}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}
