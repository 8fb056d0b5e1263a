import { useId, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { id, t } from '@/shared/i18n/id';
import { ordersText } from '@/shared/i18n/orders';
import type { ModalRendererProps } from '@/shared/modal/modal-host';
import { ModalSheet } from '@/shared/modal/modal-sheet';
import { EMPTY_FILTERS, useFilterStore, type FilterValues } from '@/shared/stores/filter-store';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import { useOrders } from '../api/get-orders';
import { channelLabel } from '../utils/order-status';
import { listParams } from '../utils/list-params';
import { DateRangeFields, FilterActions, FilterQueryField, useDateRangeDraft } from '@/shared/ui/date-range-fields';

export interface ChannelOption {
  appId: number;
  appName: string;
  count: number;
}

/** The facet's channels, one entry per appId (the spec: deduplicated), counts summed. */
export function dedupeChannels(application: readonly ChannelOption[]): ChannelOption[] {
  const byId = new Map<number, ChannelOption>();
  for (const a of application) {
    const prev = byId.get(a.appId);
    byId.set(a.appId, prev ? { ...prev, count: prev.count + a.count } : { ...a });
  }
  return [...byId.values()];
}


/**
 * The spec's filter modal: date range, a search over shipmentNo / orderNo /
 * customer, and the channel from the list's facet. Applying saves them in the
 * filter store (sessionStorage); the route rules clear them on home, /order, /akun.
 */
export function OrderFilterModal({ modal, finish, titleId }: ModalRendererProps) {
  const status = modal.payload.status ?? '1101';
  const saved = useFilterStore(useShallow((s) => ({ startDate: s.startDate, endDate: s.endDate, query: s.query, appId: s.appId })));
  const setFilters = useFilterStore((s) => s.setFilters);
  const { draft, setDraft, range, check } = useDateRangeDraft<FilterValues>(saved, id.filters.endBeforeStart);
  const uid = useId();

  // The facet counts channels under the other filters; the list query is usually cached already.
  const list = useOrders(listParams(status, saved));
  const channels = dedupeChannels(list.data?.pages[0]?.facet.application ?? []);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (!check()) return;
    setFilters({ ...draft, query: draft.query.trim() });
    finish();
  };
  const reset = () => {
    setFilters({ ...EMPTY_FILTERS });
    finish();
  };

  return (
    <form onSubmit={apply} noValidate className="flex min-h-0 flex-1 flex-col" data-testid="filter-modal">
      <ModalSheet
        titleId={titleId}
        title={ordersText.filterModal.title}
        onClose={finish}
        footer={<FilterActions onReset={reset} />}
      >
        <div className="flex flex-col gap-4">
          <DateRangeFields uid={uid} startLabel={id.filters.startDate} endLabel={id.filters.endDate} {...range} />

          <FilterQueryField
            uid={uid}
            label={ordersText.filterModal.query}
            placeholder={ordersText.filterModal.queryPlaceholder}
            value={draft.query}
            maxLength={100}
            onChange={(query) => setDraft({ ...draft, query })}
          />

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">{ordersText.filterModal.channel}</legend>
            <div className="flex flex-wrap gap-2">
              <ChannelChoice name={`${uid}-channel`} checked={draft.appId === null} onChange={() => setDraft({ ...draft, appId: null })}>
                {ordersText.filterModal.allChannels}
              </ChannelChoice>
              {channels.map((c) => (
                <ChannelChoice key={c.appId} name={`${uid}-channel`} checked={draft.appId === c.appId} onChange={() => setDraft({ ...draft, appId: c.appId })}>
                  {t(ordersText.filterModal.channelCount, { label: channelLabel(c.appId, c.appName), count: formatNumber(c.count) })}
                </ChannelChoice>
              ))}
            </div>
            {channels.length === 0 && !list.isPending ? <p className="text-sm text-slate-500">{ordersText.filterModal.noChannels}</p> : null}
          </fieldset>
        </div>
      </ModalSheet>
    </form>
  );
}

function ChannelChoice({ name, checked, onChange, children }: { name: string; checked: boolean; onChange: () => void; children: string }) {
  return (
    <label
      className={cn(
        'inline-flex min-h-11 cursor-pointer items-center rounded-full border px-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
        checked ? 'border-brand-700 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-700',
      )}
    >
      <input type="radio" name={name} className="sr-only" checked={checked} onChange={onChange} />
      {children}
    </label>
  );
}
