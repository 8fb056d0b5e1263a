import { useId } from 'react';
import { POD_TEXT, type Reason } from '@gerai/contract';
import { cn } from '@/shared/utils/cn';
import type { ReasonChoice, ReasonChoiceErrors } from '@/shared/utils/reason-choice';
import { TextAreaField } from './text-area-field';

/** The reason list as large radio rows; "Lainnya" opens a required free text (the shared text field: counted, never cut). */
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
  textMax = POD_TEXT.reasonTextMax,
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
  /** The contract's limit of the free text ("Lainnya"). */
  textMax?: number;
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
        <TextAreaField
          id={`${uid}-text`}
          label={textLabel}
          max={textMax}
          placeholder={textPlaceholder}
          value={value.text}
          onChange={(text) => onChange({ ...value, text })}
          error={errors?.text}
          testId={`${testId}-text`}
        />
      ) : null}
    </fieldset>
  );
}
