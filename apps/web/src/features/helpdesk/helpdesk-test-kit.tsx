import { Outlet, useLocation, type RouteObject } from 'react-router';
import type { TicketDetail, TicketList, TicketSummary } from '@gerai/contract';
import { ModalHost } from '@/shared/modal/modal-host';
import { ToastHost } from '@/shared/toast/toast-host';
import { renderWithRouter } from '@/test/render';
import { FaqModal } from './components/faq-modal';

export const SHP = 'SHP2611204455001';

export function ticketSummary(over: Partial<TicketSummary> = {}): TicketSummary {
  return {
    id: 4,
    idTicket: 4,
    status: 'open',
    shipmentNo: SHP,
    orderNo: 'AGF261120000555',
    description: 'Status pesanan tidak berubah setelah dikemas.',
    staffName: 'Budi Santoso',
    applicationId: 1,
    problem: { id: 1, label: 'Status pesanan tidak berubah' },
    storeCode: 'T001',
    storeName: 'Alfamart Mampang',
    commentCount: 1,
    createdAt: new Date(Date.now() - 30 * 60_000).toISOString(),
    updatedAt: new Date(Date.now() - 30 * 60_000).toISOString(),
    ...over,
  };
}

export const ticketList = (items: TicketSummary[]): TicketList => ({ items, page: 1, size: 20, total: items.length });

export function ticketDetail(over: Partial<TicketDetail> = {}): TicketDetail {
  return {
    ...ticketSummary(),
    conversations: [{ id: 1, userId: 1, userName: 'Budi Santoso', fromHelpdesk: false, body: 'Mohon dibantu.', attachments: [], createdAt: new Date().toISOString() }],
    attachments: [],
    moves: ['closed'],
    resolvedAt: null,
    reopenUntil: null,
    canComment: true,
    ...over,
  };
}

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

/** The page under its routes, with the modal host (the FAQ renderer too) and the toasts. */
export function renderPage(routes: RouteObject[], initial: string) {
  return renderWithRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Where />
            <ModalHost onLogout={() => {}} renderers={{ faq: FaqModal }} />
            <ToastHost />
          </>
        ),
        children: [...routes, { path: '*', element: <p>lain</p> }],
      },
    ],
    { initialEntries: [initial] },
  );
}
