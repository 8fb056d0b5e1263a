import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TICKET_STATUSES, TICKET_STATUS_LABEL } from '@gerai/contract';
import { useNow } from '@/shared/hooks/use-now';
import { helpdeskText } from '@/shared/i18n/helpdesk';
import { Button } from '@/shared/ui/button';
import { InfiniteList } from '@/shared/ui/infinite-list';
import { cn } from '@/shared/utils/cn';
import { useTickets } from '../api/get-tickets';
import { helpdeskKeys, type TicketListParams } from '../query-keys';
import { TicketCard, TicketCardSkeleton } from './ticket-card';

const text = helpdeskText.list;
const TABS = [{ value: '' as const, label: helpdeskText.status.all }, { value: 'active' as const, label: helpdeskText.status.active }, ...TICKET_STATUSES.map((s) => ({ value: s, label: TICKET_STATUS_LABEL[s] }))];
type Tab = (typeof TABS)[number]['value'];

/**
 * A ticket list: the store's (`storeCode` fixed) or the helpdesk queue (`queue`: every store, with
 * store and date filters). Any ticket change on the stream refreshes it (`../live.ts`), so replies
 * and status changes from the other side show without a reload.
 */
export function TicketListView({ mode, storeCode = '', queue = false }: { mode: string; storeCode?: string; queue?: boolean }) {
  const uid = useId();
  const queryClient = useQueryClient();
  const now = useNow();
  const [status, setStatus] = useState<Tab>(queue ? 'active' : '');
  const [filters, setFilters] = useState({ storeCode, from: '', to: '' });
  const [draft, setDraft] = useState(filters);
  const params: TicketListParams = { status, storeCode: queue ? filters.storeCode : storeCode, from: filters.from, to: filters.to, size: 20 };
  const list = useTickets(params);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ storeCode: draft.storeCode.trim().toUpperCase(), from: draft.from, to: draft.to });
  };
  const clear = () => {
    setDraft({ storeCode: '', from: '', to: '' });
    setFilters({ storeCode: '', from: '', to: '' });
  };
  const filtered = queue && (filters.storeCode || filters.from || filters.to) ? { title: text.emptyFiltered, onClear: clear } : null;

  return (
    <>
      <div role="group" aria-label={text.tabsLabel} className="sticky top-14 z-10 flex gap-1.5 overflow-x-auto border-b border-slate-200 bg-white p-2 [scrollbar-width:none]" data-testid="ticket-tabs">
        {TABS.map((tab) => (
          <button
            key={tab.value || 'all'}
            type="button"
            aria-pressed={tab.value === status}
            onClick={() => setStatus(tab.value)}
            className={cn('inline-flex min-h-11 shrink-0 items-center rounded-xl px-3 text-sm font-semibold whitespace-nowrap', tab.value === status ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-700')}
            data-testid={`ticket-tab-${tab.value || 'all'}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <InfiniteList
        key={`${status}|${params.storeCode}|${params.from}|${params.to}`}
        query={list}
        itemKey={(item) => item.id}
        renderItem={(item) => <TicketCard item={item} mode={mode} now={now} />}
        skeleton={<TicketCardSkeleton />}
        testId="ticket-list"
        label={queue ? text.queueTitle : text.title}
        texts={{ total: text.total, loadError: text.loadError, loadingMore: text.loadingMore, endOfList: text.endOfList }}
        empty={{ icon: 'help', title: text.emptyTitle, message: text.emptyMessage }}
        filtered={filtered}
        onRefresh={() => queryClient.refetchQueries({ queryKey: helpdeskKeys.list(params), type: 'active' })}
        header={
          queue ? (
            <form onSubmit={apply} className="grid grid-cols-2 gap-2" data-testid="ticket-queue-filters">
              <label className="col-span-2 flex flex-col gap-1 text-sm font-medium text-slate-700" htmlFor={`${uid}-store`}>
                {text.storeFilter}
                <input id={`${uid}-store`} value={draft.storeCode} onChange={(e) => setDraft({ ...draft, storeCode: e.target.value })} placeholder={text.storePlaceholder} maxLength={10} className="min-h-11 rounded-xl border border-slate-300 px-3 text-base" data-testid="ticket-filter-store" />
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium text-slate-700" htmlFor={`${uid}-from`}>
                {text.from}
                <input id={`${uid}-from`} type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} className="min-h-11 rounded-xl border border-slate-300 px-2 text-base" />
              </label>
              <label className="flex flex-col gap-1 text-sm font-medium text-slate-700" htmlFor={`${uid}-to`}>
                {text.to}
                <input id={`${uid}-to`} type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} className="min-h-11 rounded-xl border border-slate-300 px-2 text-base" />
              </label>
              <Button type="submit" variant="secondary" className="col-span-2" data-testid="ticket-filter-apply">
                {text.apply}
              </Button>
            </form>
          ) : null
        }
      />
    </>
  );
}
