import { create } from 'zustand';
import { id } from '../i18n/id';
import type { ModalInput, ModalState } from './modal-types';

export const CLOSED_MODAL: ModalState = {
  isShow: false,
  title: '',
  message: '',
  buttonText: id.common.ok,
  type: 'info',
  imageType: 'none',
  actionsType: 'close-modal',
  dismissible: true,
  payload: {},
  confirmText: undefined,
  onConfirm: undefined,
};

interface ModalStore extends ModalState {
  /** Opens the modal only if none is shown (spec §2); returns whether it opened. */
  openModal: (input: ModalInput) => boolean;
  closeModal: () => void;
}

export const useModalStore = create<ModalStore>()((set, get) => ({
  ...CLOSED_MODAL,
  openModal: (input) => {
    if (get().isShow) return false;
    set({ ...CLOSED_MODAL, ...input, isShow: true });
    return true;
  },
  closeModal: () => set({ ...CLOSED_MODAL }),
}));

/** For non-React callers (error handlers, tests). */
export const openModal = (input: ModalInput) => useModalStore.getState().openModal(input);
export const closeModal = () => useModalStore.getState().closeModal();
