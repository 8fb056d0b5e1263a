import { ForceUpdateModal } from '@/features/app-config/components/force-update-modal';
import { StoreInfoModal } from '@/features/members/components/store-info-modal';
import type { ModalRenderers } from '@/shared/modal/modal-host';
import { SuperUserModal } from './modals/super-user-modal';

/**
 * Named modal kinds this shell renders for real. The other kinds of the spec
 * (confirm cancel, edit quantity, scan packing, QR code, contact customer, chat,
 * out-of-stock, POD status, scan and go success, FAQ, filter) are added here by
 * their features; until then they fall back to the generic message modal.
 */
export const modalRenderers: ModalRenderers = {
  'store-info': StoreInfoModal,
  'super-user': SuperUserModal,
  'force-update': ForceUpdateModal,
};
