import { useId, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { id, t } from '@/shared/i18n/id';
import type { ModalRendererProps } from '@/shared/modal/modal-host';
import { ModalSheet } from '@/shared/modal/modal-sheet';
import { EMPTY_FILTERS, useFilterStore, type FilterValues } from '@/shared/stores/filter-store';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/utils/cn';
import { formatNumber } from '@/shared/utils/format';
import { useOrders } from '../api/get-orders';
import { channelLabel } from '../utils/order-status';
import { listParams } from '../utils/list-params';
import { DateRangeFields, fieldInputClass } from '@/shared/ui/date-range-fields';

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
  const [draft, setDraft] = useState<FilterValues>(saved);
  const [error, setError] = useState<string | null>(null);
  const uid = useId();

  // The facet counts channels under the other filters; the list query is usually cached already.
  const list = useOrders(listParams(status, saved));
  const channels = dedupeChannels(list.data?.pages[0]?.facet.application ?? []);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (draft.startDate && draft.endDate && draft.endDate < draft.startDate) {
      setError(id.orders.filterModal.endBeforeStart);
      return;
    }
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
        title={id.orders.filterModal.title}
        onClose={finish}
        footer={
          <div className="grid grid-cols-2 gap-3">
            <Button variant="secondary" onClick={reset}>
              {id.orders.filterModal.reset}
            </Button>
            <Button type="submit">{id.orders.filterModal.apply}</Button>
          </div>
        }
      >
        <div className="flex flex-col gap-4">
          <DateRangeFields
            uid={uid}
            startLabel={id.orders.filterModal.startDate}
            endLabel={id.orders.filterModal.endDate}
            value={draft}
            error={error}
            onChange={(range) => {
              setError(null);
              setDraft({ ...draft, ...range });
            }}
          />

          <div className="flex flex-col gap-1">
            <label htmlFor={`${uid}-query`} className="text-sm font-medium text-slate-700">
              {id.orders.filterModal.query}
            </label>
            <input
              id={`${uid}-query`}
              type="search"
              enterKeyHint="search"
              autoComplete="off"
              className={fieldInputClass}
              placeholder={id.orders.filterModal.queryPlaceholder}
              value={draft.query}
              maxLength={100}
              onChange={(e) => setDraft({ ...draft, query: e.target.value })}
            />
          </div>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">{id.orders.filterModal.channel}</legend>
            <div className="flex flex-wrap gap-2">
              <ChannelChoice name={`${uid}-channel`} checked={draft.appId === null} onChange={() => setDraft({ ...draft, appId: null })}>
                {id.orders.filterModal.allChannels}
              </ChannelChoice>
              {channels.map((c) => (
                <ChannelChoice key={c.appId} name={`${uid}-channel`} checked={draft.appId === c.appId} onChange={() => setDraft({ ...draft, appId: c.appId })}>
                  {t(id.orders.filterModal.channelCount, { label: channelLabel(c.appId, c.appName), count: formatNumber(c.count) })}
                </ChannelChoice>
              ))}
            </div>
            {channels.length === 0 && !list.isPending ? <p className="text-sm text-slate-500">{id.orders.filterModal.noChannels}</p> : null}
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
