import { useState } from 'react';
import { id } from '@/shared/i18n/id';
import { cn } from '@/shared/utils/cn';
import { Button } from './button';

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

/**
 * The draft of a filter form with a date range: edits stay local until applied;
 * `check()` refuses an end before the start (shown under the end date).
 */
export function useDateRangeDraft<T extends DateRange>(saved: T, endBeforeStart: string) {
  const [draft, setDraft] = useState<T>(saved);
  const [error, setError] = useState<string | null>(null);
  return {
    draft,
    setDraft,
    /** Props for DateRangeFields. */
    range: {
      value: draft,
      error,
      onChange: (range: DateRange) => {
        setError(null);
        setDraft((d) => ({ ...d, ...range }));
      },
    },
    check: (): boolean => {
      const bad = Boolean(draft.startDate && draft.endDate && draft.endDate < draft.startDate);
      setError(bad ? endBeforeStart : null);
      return !bad;
    },
  };
}

/** The search text of a filter form; `code` for shipment numbers (capitals, monospace). */
export function FilterQueryField({
  uid,
  label,
  placeholder,
  value,
  maxLength,
  code = false,
  onChange,
}: {
  uid: string;
  label: string;
  placeholder: string;
  value: string;
  maxLength: number;
  code?: boolean;
  onChange: (query: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${uid}-query`} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={`${uid}-query`}
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        autoCapitalize={code ? 'characters' : undefined}
        className={cn(fieldInputClass, code && 'font-mono')}
        placeholder={placeholder}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** "Reset" and "Terapkan" of a filter form (the form submits to apply). */
export function FilterActions({ onReset }: { onReset: () => void }) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <Button variant="secondary" onClick={onReset}>
        {id.filters.reset}
      </Button>
      <Button type="submit">{id.filters.apply}</Button>
    </div>
  );
}
