import { useId, type ReactNode } from 'react';
import type { Store } from '@gerai/contract';
import { useDebouncedText } from '@/shared/hooks/use-debounced-text';
import { t } from '@/shared/i18n/id';
import { recapText } from '@/shared/i18n/recap';
import { DateRangeFields, fieldInputClass } from '@/shared/ui/date-range-fields';
import { Skeleton } from '@/shared/ui/skeleton';
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
  scopePending,
  storeCode,
  onStore,
}: {
  range: DayRange;
  problem: string | null;
  activeQuick: number | null;
  onRange: (range: DayRange) => void;
  onQuick: (days: number) => void;
  /** The first page of the caller's stores (undefined while it loads or when it failed). */
  scope: RecapStorePage | undefined;
  /** The scope is still on its way: the store field's place is kept for it. */
  scopePending: boolean;
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
      {/* The store field has its place from the first render (it arrived with the scope and pushed the
          recap down by its height: a layout shift of 0.08); a scope of one store shows that store. */}
      {scopePending ? (
        <StoreField label={text.store}>
          <Skeleton className="h-11 w-full rounded-xl" />
        </StoreField>
      ) : scope && scope.total > 1 ? (
        <StoreFilter scope={scope} storeCode={storeCode} onStore={onStore} />
      ) : scope ? (
        <StoreField label={text.store}>
          <p className={cn(fieldInputClass, 'flex items-center bg-slate-50')} data-testid="recap-one-store">
            {scope.items[0] ? storeLabel(scope.items[0]) : text.allStores}
          </p>
        </StoreField>
      ) : null}
    </section>
  );
}

/** The store field's label and place, before the scope is known or for a scope of one store. */
function StoreField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1" data-testid="recap-store-field">
      <p className="text-sm font-medium text-slate-700">{label}</p>
      {children}
    </div>
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
