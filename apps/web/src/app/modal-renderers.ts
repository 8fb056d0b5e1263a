import { lazy, type ComponentType } from 'react';
import { ForceUpdateModal } from '@/features/app-config/components/force-update-modal';
import { StoreInfoModal } from '@/features/members/components/store-info-modal';
import type { ModalRendererProps, ModalRenderers } from '@/shared/modal/modal-host';
import { SuperUserModal } from './modals/super-user-modal';

// Order modals load with the order screens' code, not in the first load.
const pick = <K extends string>(load: () => Promise<Record<K, ComponentType<ModalRendererProps>>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));
const ordersModals = () => import('@/features/orders/components/order-modals');
const lineModals = () => import('@/features/orders/components/line-modals');

/**
 * Named modal kinds this shell renders for real. The other kinds of the spec
 * (confirm cancel, chat, FAQ) are added here by their features; until then they
 * fall back to the generic message modal, as "POD status" does on purpose (a
 * title, a message, an optional "Ajukan POD" confirmation).
 */
export const modalRenderers: ModalRenderers = {
  'store-info': StoreInfoModal,
  'super-user': SuperUserModal,
  'force-update': ForceUpdateModal,
  filter: pick(() => import('@/features/orders/components/order-filter-modal'), 'OrderFilterModal'),
  'edit-quantity': pick(lineModals, 'EditQuantityModal'),
  'out-of-stock': pick(lineModals, 'OutOfStockModal'),
  'scan-packing': pick(ordersModals, 'ScanPackingModal'),
  'contact-customer': pick(ordersModals, 'ContactCustomerModal'),
  'qr-code': pick(() => import('@/features/orders/components/qr-code-modal'), 'QrCodeModal'),
  'scan-go-success': pick(() => import('@/features/pod/components/scan-go-success-modal'), 'ScanGoSuccessModal'),
};
