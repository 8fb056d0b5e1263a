import { useId, useState, type FormEvent } from 'react';
import { podText } from '@/shared/i18n/id';
import type { FilterValues } from '@/shared/stores/filter-store';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/utils/cn';

const text = podText.filter;
const inputClass =
  'min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-200';

type PodFilter = Pick<FilterValues, 'startDate' | 'endDate' | 'query'>;

/**
 * Date range and shipmentNo of the queue, saved in the filter store (its
 * start/end dates are what the spec sorts by). The end may not come before the start.
 */
export function PodFilterPanel({ saved, onApply, onReset }: { saved: PodFilter; onApply: (values: PodFilter) => void; onReset: () => void }) {
  const uid = useId();
  const [draft, setDraft] = useState<PodFilter>(saved);
  const [error, setError] = useState<string | null>(null);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (draft.startDate && draft.endDate && draft.endDate < draft.startDate) {
      setError(text.endBeforeStart);
      return;
    }
    onApply({ ...draft, query: draft.query.trim() });
  };

  return (
    <form onSubmit={apply} noValidate className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" aria-label={text.title} data-testid="pod-filter">
      <div className="grid grid-cols-2 gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${uid}-start`} className="text-sm font-medium text-slate-700">
            {text.startDate}
          </label>
          <input
            id={`${uid}-start`}
            type="date"
            className={inputClass}
            value={draft.startDate ?? ''}
            max={draft.endDate ?? undefined}
            onChange={(e) => {
              setError(null);
              setDraft({ ...draft, startDate: e.target.value || null });
            }}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${uid}-end`} className="text-sm font-medium text-slate-700">
            {text.endDate}
          </label>
          <input
            id={`${uid}-end`}
            type="date"
            className={cn(inputClass, error && 'border-red-500')}
            value={draft.endDate ?? ''}
            min={draft.startDate ?? undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${uid}-date-error` : undefined}
            onChange={(e) => {
              setError(null);
              setDraft({ ...draft, endDate: e.target.value || null });
            }}
          />
        </div>
        {error ? (
          <p id={`${uid}-date-error`} role="alert" className="col-span-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${uid}-shipment`} className="text-sm font-medium text-slate-700">
          {text.shipmentNo}
        </label>
        <input
          id={`${uid}-shipment`}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          autoCapitalize="characters"
          className={cn(inputClass, 'font-mono')}
          placeholder={text.shipmentPlaceholder}
          value={draft.query}
          maxLength={40}
          onChange={(e) => setDraft({ ...draft, query: e.target.value })}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={onReset}>
          {text.reset}
        </Button>
        <Button type="submit">{text.apply}</Button>
      </div>
    </form>
  );
}
