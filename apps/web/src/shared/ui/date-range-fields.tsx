import { cn } from '@/shared/utils/cn';

export const fieldInputClass =
  'min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-200';

export interface DateRange {
  startDate: string | null;
  endDate: string | null;
}

/** Start and end date inputs of a filter; the end may not come before the start. */
export function DateRangeFields({
  uid,
  startLabel,
  endLabel,
  value,
  error,
  onChange,
}: {
  uid: string;
  startLabel: string;
  endLabel: string;
  value: DateRange;
  error: string | null;
  onChange: (next: DateRange) => void;
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${uid}-start`} className="text-sm font-medium text-slate-700">
          {startLabel}
        </label>
        <input
          id={`${uid}-start`}
          type="date"
          className={fieldInputClass}
          value={value.startDate ?? ''}
          max={value.endDate ?? undefined}
          onChange={(e) => onChange({ ...value, startDate: e.target.value || null })}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${uid}-end`} className="text-sm font-medium text-slate-700">
          {endLabel}
        </label>
        <input
          id={`${uid}-end`}
          type="date"
          className={cn(fieldInputClass, error && 'border-red-500')}
          value={value.endDate ?? ''}
          min={value.startDate ?? undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${uid}-date-error` : undefined}
          onChange={(e) => onChange({ ...value, endDate: e.target.value || null })}
        />
      </div>
      {error ? (
        <p id={`${uid}-date-error`} role="alert" className="col-span-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
