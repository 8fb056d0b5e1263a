import { useId, type FormEvent } from 'react';
import { id } from '@/shared/i18n/id';
import { podText } from '@/shared/i18n/pod';
import type { FilterValues } from '@/shared/stores/filter-store';
import { DateRangeFields, FilterActions, FilterQueryField, useDateRangeDraft } from '@/shared/ui/date-range-fields';

const text = podText.filter;

type PodFilter = Pick<FilterValues, 'startDate' | 'endDate' | 'query'>;

/**
 * Date range and shipmentNo of the queue, saved in the filter store (its
 * start/end dates are what the spec sorts by). The end may not come before the start.
 */
export function PodFilterPanel({ saved, onApply, onReset }: { saved: PodFilter; onApply: (values: PodFilter) => void; onReset: () => void }) {
  const uid = useId();
  const { draft, setDraft, range, check } = useDateRangeDraft<PodFilter>(saved, id.filters.endBeforeStart);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (!check()) return;
    onApply({ ...draft, query: draft.query.trim() });
  };

  return (
    <form onSubmit={apply} noValidate className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm" aria-label={text.title} data-testid="pod-filter">
      <DateRangeFields uid={uid} startLabel={id.filters.startDate} endLabel={id.filters.endDate} {...range} />
      <FilterQueryField uid={uid} label={text.shipmentNo} placeholder={text.shipmentPlaceholder} value={draft.query} maxLength={40} code onChange={(query) => setDraft({ ...draft, query })} />
      <FilterActions onReset={onReset} />
    </form>
  );
}
