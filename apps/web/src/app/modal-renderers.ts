import { ForceUpdateModal } from '@/features/app-config/components/force-update-modal';
import { StoreInfoModal } from '@/features/members/components/store-info-modal';
import type { ModalRenderers } from '@/shared/modal/modal-host';
import { lazyNamed } from './lazy-named';
import { SuperUserModal } from './modals/super-user-modal';

// This table loads with the modal layer, after the first screen; order modals later
// still, with the order screens' code.
const ordersModals = () => import('@/features/orders/components/order-modals');
const lineModals = () => import('@/features/orders/components/line-modals');

/**
 * Named modal kinds this shell renders for real. The other kinds of the spec
 * (confirm cancel, FAQ) are added here by their features; until then they
 * fall back to the generic message modal, as "POD status" does on purpose (a
 * title, a message, an optional "Ajukan POD" confirmation).
 */
export const modalRenderers: ModalRenderers = {
  'store-info': StoreInfoModal,
  'super-user': SuperUserModal,
  'force-update': ForceUpdateModal,
  filter: lazyNamed(() => import('@/features/orders/components/order-filter-modal'), 'OrderFilterModal'),
  'edit-quantity': lazyNamed(lineModals, 'EditQuantityModal'),
  'out-of-stock': lazyNamed(lineModals, 'OutOfStockModal'),
  'scan-packing': lazyNamed(ordersModals, 'ScanPackingModal'),
  'contact-customer': lazyNamed(ordersModals, 'ContactCustomerModal'),
  'qr-code': lazyNamed(() => import('@/features/orders/components/qr-code-modal'), 'QrCodeModal'),
  'scan-go-success': lazyNamed(() => import('@/features/pod/components/scan-go-success-modal'), 'ScanGoSuccessModal'),
  'pending-actions': lazyNamed(() => import('@/shared/outbox/pending-actions-modal'), 'PendingActionsModal'),
  chat: lazyNamed(() => import('@/features/chat/components/chat-modal'), 'ChatModal'),
  faq: lazyNamed(() => import('@/features/helpdesk/components/faq-modal'), 'FaqModal'),
};
