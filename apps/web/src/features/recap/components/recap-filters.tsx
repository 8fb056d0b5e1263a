import { useId } from 'react';
import type { Store } from '@gerai/contract';
import { useDebouncedText } from '@/shared/hooks/use-debounced-text';
import { t } from '@/shared/i18n/id';
import { recapText } from '@/shared/i18n/recap';
import { DateRangeFields, fieldInputClass } from '@/shared/ui/date-range-fields';
import { cn } from '@/shared/utils/cn';
import { useRecapStores, type RecapStorePage } from '../api/get-recap-stores';
import { QUICK_RANGES } from '../utils/range';

const text = recapText.filters;

export interface DayRange {
  from: string;
  to: string;
}

const storeLabel = (store: Pick<Store, 'storeCode' | 'storeName'>) => t(text.storeOption, { code: store.storeCode, name: store.storeName });

/**
 * The recap's range and store: quick ranges ending today, the two dates (a range the server would
 * refuse is said here, before asking) and, for a caller with several stores, one store or all.
 */
export function RecapFilters({
  range,
  problem,
  activeQuick,
  onRange,
  onQuick,
  scope,
  storeCode,
  onStore,
}: {
  range: DayRange;
  problem: string | null;
  activeQuick: number | null;
  onRange: (range: DayRange) => void;
  onQuick: (days: number) => void;
  /** The first page of the caller's stores (undefined while it loads). */
  scope: RecapStorePage | undefined;
  storeCode: string;
  onStore: (storeCode: string) => void;
}) {
  const uid = useId();
  return (
    <section aria-label={text.label} className="flex flex-col gap-3 border-b border-slate-200 bg-white px-4 pt-3 pb-4 print:hidden" data-testid="recap-filters">
      <div role="group" aria-label={text.quick} className="grid grid-cols-3 gap-2">
        {QUICK_RANGES.map((quick) => {
          const active = activeQuick === quick.days;
          return (
            <button
              key={quick.key}
              type="button"
              aria-pressed={active}
              onClick={() => onQuick(quick.days)}
              className={cn(
                'min-h-11 rounded-full border px-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600',
                active ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
              data-testid={`recap-quick-${quick.key}`}
            >
              {quick.label}
            </button>
          );
        })}
      </div>
      <DateRangeFields
        uid={uid}
        startLabel={text.startDate}
        endLabel={text.endDate}
        value={{ startDate: range.from, endDate: range.to }}
        error={problem}
        onChange={(next) => onRange({ from: next.startDate ?? '', to: next.endDate ?? '' })}
      />
      {scope && scope.total > 1 ? <StoreFilter scope={scope} storeCode={storeCode} onStore={onStore} /> : null}
    </section>
  );
}

/**
 * One store of the caller's scope, or all. A scope larger than one page of the store list (helpdesk,
 * super user: every store) gets a search that narrows the choices.
 */
function StoreFilter({ scope, storeCode, onStore }: { scope: RecapStorePage; storeCode: string; onStore: (storeCode: string) => void }) {
  const uid = useId();
  const search = useDebouncedText();
  const { query } = search;
  const searchable = scope.total > scope.items.length;
  const found = useRecapStores(query);
  const options = query && found.data ? found.data.items : scope.items;
  // The chosen store stays a choice while a search shows others.
  const chosen = storeCode && !options.some((s) => s.storeCode === storeCode) ? (scope.items.find((s) => s.storeCode === storeCode) ?? { storeCode, storeName: '' }) : null;
  return (
    <div className="flex flex-col gap-2">
      {searchable ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${uid}-search`} className="text-sm font-medium text-slate-700">
            {text.storeSearch}
          </label>
          <input
            id={`${uid}-search`}
            type="search"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={60}
            value={search.draft}
            onChange={(e) => search.setDraft(e.target.value)}
            placeholder={text.storeSearchPlaceholder}
            className={fieldInputClass}
            data-testid="recap-store-search"
          />
          {found.isError ? <p className="text-sm text-red-700">{text.storesLoadError}</p> : null}
        </div>
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${uid}-store`} className="text-sm font-medium text-slate-700">
          {text.store}
        </label>
        <select id={`${uid}-store`} value={storeCode} onChange={(e) => onStore(e.target.value)} className={fieldInputClass} data-testid="recap-store">
          <option value="">{text.allStores}</option>
          {chosen ? <option value={chosen.storeCode}>{chosen.storeName ? storeLabel(chosen) : chosen.storeCode}</option> : null}
          {options.map((store) => (
            <option key={store.storeCode} value={store.storeCode}>
              {storeLabel(store)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
