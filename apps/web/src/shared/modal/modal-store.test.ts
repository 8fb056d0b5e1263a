import { beforeEach, describe, expect, it } from 'vitest';
import { closeModal, openModal, useModalStore } from './modal-store';

beforeEach(() => closeModal());

describe('modal store', () => {
  it('has the fields of the spec: isShow, title, message, buttonText, type, imageType, actionsType', () => {
    const state = useModalStore.getState();
    expect(state).toMatchObject({ isShow: false, title: '', message: '', buttonText: 'OK', type: 'info', imageType: 'none', actionsType: 'close-modal' });
  });

  it('opens a modal when none is shown', () => {
    expect(openModal({ title: 'Berhasil', message: 'Tersimpan', imageType: 'success', actionsType: 'go-home' })).toBe(true);
    expect(useModalStore.getState()).toMatchObject({ isShow: true, title: 'Berhasil', message: 'Tersimpan', imageType: 'success', actionsType: 'go-home' });
  });

  it('opens only if none is shown: a second modal is refused and the first stays', () => {
    openModal({ title: 'Pertama' });
    expect(openModal({ title: 'Kedua' })).toBe(false);
    expect(useModalStore.getState().title).toBe('Pertama');
  });

  it('accepts a new modal once the shown one is closed, without leftovers from the old one', () => {
    openModal({ title: 'Pertama', message: 'pesan lama', actionsType: 'logout', payload: { id: '1' } });
    closeModal();
    expect(useModalStore.getState().isShow).toBe(false);
    expect(openModal({ title: 'Kedua' })).toBe(true);
    expect(useModalStore.getState()).toMatchObject({ title: 'Kedua', message: '', actionsType: 'close-modal', payload: {} });
  });
});
