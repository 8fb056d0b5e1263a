import { useNow } from '@/shared/hooks/use-now';
import { paths } from '@/shared/config/paths';
import { helpdeskText } from '@/shared/i18n/helpdesk';
import { t } from '@/shared/i18n/id';
import { ButtonLink } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Icon } from '@/shared/ui/icons';
import { PageHeader } from '@/shared/ui/page-header';
import { Skeleton } from '@/shared/ui/skeleton';
import { EmptyState, ErrorState } from '@/shared/ui/state-views';
import type { TicketSide } from '@gerai/contract';
import { useProblems } from '../api/get-problems';
import { useTickets } from '../api/get-tickets';
import { FaqSection } from '../components/faq-section';
import { TicketCard, TicketCardSkeleton } from '../components/ticket-card';
import { TicketForm } from '../components/ticket-form';
import { TicketListView } from '../components/ticket-list-view';
import { storeTicketsParams } from '../query-keys';

const text = helpdeskText.home;

/** The help center's modes (decision 96): the home (store), the form (`create`), the helpdesk queue (`helpdesk`). */
export const HELP_CENTER_MODE = { STORE: 'store', CREATE: 'create', HELPDESK: 'helpdesk' } as const;

export interface HelpCenterProps {
  /** The route's `:mode` and `:shipmentNo` (the other optional segments are the order's, kept for the way back). */
  mode?: string;
  shipmentNo?: string;
  side: TicketSide;
  /** The active store (null: the helpdesk has not picked one). */
  storeCode: string | null;
  staffName: string;
}

/** /help-center/:mode?/:shipmentNo?/… — FAQ, problems, the store's tickets and "Buat tiket"; the form; the helpdesk queue. */
export default function HelpCenterPage({ mode, shipmentNo, side, storeCode, staffName }: HelpCenterProps) {
  if (mode === HELP_CENTER_MODE.CREATE) {
    return (
      <>
        <PageHeader title={helpdeskText.form.title} backTo={paths.helpCenter()} />
        <div className="p-3">
          <TicketForm shipmentNo={shipmentNo} staffName={staffName} mode={side === 'helpdesk' ? HELP_CENTER_MODE.HELPDESK : HELP_CENTER_MODE.STORE} />
        </div>
      </>
    );
  }
  if (mode === HELP_CENTER_MODE.HELPDESK) {
    return (
      <>
        <PageHeader title={helpdeskText.list.queueTitle} backTo={paths.helpCenter()} />
        {side === 'helpdesk' ? <TicketListView mode={HELP_CENTER_MODE.HELPDESK} queue /> : <EmptyState icon="alert" title={helpdeskText.queue.notHelpdesk} className="m-3" />}
      </>
    );
  }
  return (
    <>
      <PageHeader title={text.title} />
      <div className="flex flex-col gap-3 p-3 pb-6">
        <div className="flex flex-col gap-2">
          <ButtonLink to={paths.helpCenter({ mode: HELP_CENTER_MODE.CREATE, shipmentNo })} block data-testid="help-center-create">
            <Icon name="plus" className="size-5" />
            {shipmentNo ? t(text.createFor, { shipmentNo }) : text.create}
          </ButtonLink>
          {side === 'helpdesk' ? (
            <ButtonLink to={paths.helpCenter({ mode: HELP_CENTER_MODE.HELPDESK })} variant="secondary" block data-testid="help-center-queue">
              {text.queue}
            </ButtonLink>
          ) : null}
        </div>
        <FaqSection />
        <ProblemsCard />
        {storeCode ? <StoreTickets storeCode={storeCode} /> : <EmptyState icon="store" title={text.noStore} />}
      </div>
    </>
  );
}

function ProblemsCard() {
  const problems = useProblems();
  return (
    <Card title={text.problemsTitle} testId="problems-section">
      {/* One row of the skeleton's height, scrolled sideways: wrapped, the chips grew the card by a few
          rows when they arrived and pushed the tickets card down (a layout shift at the screen's foot). */}
      {problems.isPending ? (
        <Skeleton className="h-8 w-full" />
      ) : problems.isError ? (
        <ErrorState title={text.problemsLoadError} onRetry={() => void problems.refetch()} retrying={problems.isFetching} />
      ) : (
        // Focusable so a keyboard can scroll it too (its chips are text, not controls).
        <ul
          className="-mx-3 flex h-8 items-center gap-1.5 overflow-x-auto px-3 focus-visible:outline-2 focus-visible:outline-brand-700"
          tabIndex={0}
          aria-label={text.problemsTitle}
          data-testid="problems-row"
        >
          {problems.data.items.map((p) => (
            <li key={p.id} className="shrink-0 rounded-full bg-slate-100 px-3 py-1 text-sm whitespace-nowrap text-slate-800">
              {p.label}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The store's latest tickets with their status; "Lihat semua" opens the full list. */
function StoreTickets({ storeCode }: { storeCode: string }) {
  const now = useNow();
  const tickets = useTickets(storeTicketsParams(storeCode));
  const items = tickets.data?.pages[0]?.items ?? [];
  return (
    <Card title={text.ticketsTitle} testId="store-tickets">
      {tickets.isPending ? (
        <TicketCardSkeleton />
      ) : tickets.isError ? (
        <ErrorState title={helpdeskText.list.loadError} onRetry={() => void tickets.refetch()} retrying={tickets.isFetching} />
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">{text.ticketsEmpty}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((item) => (
            <li key={item.id}>
              <TicketCard item={item} mode={HELP_CENTER_MODE.STORE} now={now} />
            </li>
          ))}
        </ul>
      )}
      <ButtonLink to={paths.reportedList(HELP_CENTER_MODE.STORE, storeCode)} variant="ghost" block data-testid="help-center-all-tickets">
        {text.ticketsAll}
      </ButtonLink>
    </Card>
  );
}
