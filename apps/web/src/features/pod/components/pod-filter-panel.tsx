import { useId, useState, type FormEvent } from 'react';
import { podText } from '@/shared/i18n/id';
import type { FilterValues } from '@/shared/stores/filter-store';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/utils/cn';
import { DateRangeFields, fieldInputClass } from '@/shared/ui/date-range-fields';

const text = podText.filter;

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
      <DateRangeFields
        uid={uid}
        startLabel={text.startDate}
        endLabel={text.endDate}
        value={draft}
        error={error}
        onChange={(range) => {
          setError(null);
          setDraft({ ...draft, ...range });
        }}
      />
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
          className={cn(fieldInputClass, 'font-mono')}
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
