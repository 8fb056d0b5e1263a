/** Close types of the spec (§2): what closing a modal leads to. */
export const CLOSE_TYPES = [
  'reload',
  'close',
  'close-modal',
  'go-home',
  'go-to-order',
  'go-to-history',
  'go-to-get-product',
  'go-to-cek-stock',
  'go-to-request-cancel',
  'go-help-center',
  'reload-ticket',
  'resubmit',
  'reload-detail-ticket',
  'go-to-mat-in-new',
  'go-to-mat-in-proces',
  'go-to-mat-in-done',
  'go-to-mat-out-new',
  'go-to-mat-out-proces',
  'go-to-mat-out-done',
  'go-to-mat-out-cancel',
  'logout',
  'close-modal-retur',
  'go-to-list-proses',
  'go-to-retur-list',
  'err-pod-approval',
] as const;
export type CloseType = (typeof CLOSE_TYPES)[number];

/** Named modal kinds of the spec; 'info' and 'error' are the generic message modal. */
export const MODAL_TYPES = [
  'info',
  'error',
  'confirm-cancel',
  'edit-quantity',
  'scan-packing',
  'qr-code',
  'contact-customer',
  'store-info',
  'chat',
  'out-of-stock',
  'pod-status',
  'scan-go-success',
  'force-update',
  'super-user',
  'faq',
  'filter',
  // Gerai's own: the crew actions kept on the phone (not a modal of the spec).
  'pending-actions',
] as const;
export type ModalType = (typeof MODAL_TYPES)[number];

export type ModalImageType = 'none' | 'error' | 'success' | 'warning' | 'info' | 'update';

/** The spec's modal: isShow, title, message, buttonText, type, imageType, actionsType. */
export interface ModalState {
  isShow: boolean;
  title: string;
  message: string;
  buttonText: string;
  type: ModalType;
  imageType: ModalImageType;
  actionsType: CloseType;
  /** False for modals the user must act on (force update): no Escape, no backdrop close. */
  dismissible: boolean;
  /** Route params some close types need (go-to-get-product id, go-help-center shipmentNo…). */
  payload: Readonly<Record<string, string>>;
  /**
   * A confirmation: the modal shows buttonText as the cancel button (running the
   * close type) and confirmText as the primary button, which closes the modal and
   * calls onConfirm. Kept in memory only (the modal store is not persisted).
   */
  confirmText?: string;
  onConfirm?: () => void;
}

export type ModalInput = Partial<Omit<ModalState, 'isShow'>> & Pick<ModalState, 'title'>;
