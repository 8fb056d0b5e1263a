import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { matQrValue, type TransferCount, type TransferDetail, type TransferItem, type TransferLine } from '@gerai/contract';
import { resetClientStateForTests } from '@/shared/api/client';
import { closeModal } from '@/shared/modal/modal-store';
import { installFakeEventSource } from '@/test/fake-event-source';

// The MAT screens as their tests render them, and what the server answers with. T001 (Kemang Raya)
// sends Indomie and Aqua to T002 (Bangka Raya).

export const MAT_NO = 'MAT251122000041';
export const ID_TBSMS = 'TBS482913000041';
export const PIN = '482913';
export const QR = matQrValue(ID_TBSMS, PIN);
export const INDOMIE = '8991234567895';
export const AQUA = '8992222333344';

export const T001 = { storeCode: 'T001', storeName: 'Toko Kemang Raya' };
export const T002 = { storeCode: 'T002', storeName: 'Toko Bangka Raya' };

export function transferLine(over: Partial<TransferLine> = {}): TransferLine {
  return { productId: '20001', barcode: INDOMIE, name: 'Indomie Goreng 85g', imageUrl: null, unit: 'pcs', qtySent: 3, qtyReceived: null, reason: null, note: null, ...over };
}

export const LINES: TransferLine[] = [transferLine(), transferLine({ productId: '20002', barcode: AQUA, name: 'Aqua 600ml', qtySent: 2 })];

/** A transfer T001 sent to T002, as T001 sees it (`side: out`). */
export function transferItem(over: Partial<TransferItem> = {}): TransferItem {
  return {
    matNo: MAT_NO,
    matStoreNo: MAT_NO,
    idTbsms: ID_TBSMS,
    matStatus: 'new',
    matStoreStatus: 'new',
    sender: T001,
    receiver: T002,
    side: 'out',
    lineCount: 2,
    qtySent: 5,
    qtyReceived: null,
    qtyShort: 0,
    locked: false,
    createdAt: new Date(Date.now() - 10 * 60_000).toISOString(),
    confirmedAt: null,
    finishedAt: null,
    cancelledAt: null,
    ...over,
  };
}

export function transferDetail(over: Partial<TransferDetail> = {}): TransferDetail {
  return {
    ...transferItem(over),
    lines: LINES,
    note: null,
    createdByName: 'Budi Santoso',
    confirmedByName: null,
    finishedByName: null,
    pinTriesLeft: 5,
    actions: [],
    viewerSides: ['sender'],
    history: [{ at: '2025-11-22T02:20:00.000Z', action: 'send', actorName: 'Budi Santoso', note: null }],
    ...over,
  };
}

/** The same transfer as T002 (the receiver) sees it. */
export const incoming = (over: Partial<TransferDetail> = {}) => transferDetail({ side: 'in', viewerSides: ['receiver'], ...over });

/** The area supervisor of both stores, working in T001 (the sender): on every side. */
export const SUPERVISOR_SIDES: TransferDetail['viewerSides'] = ['sender', 'receiver', 'supervisor'];

/** Confirmed by T002: being counted. */
export const inProcess = (over: Partial<TransferDetail> = {}) =>
  incoming({ matStatus: 'process', matStoreStatus: 'proces', confirmedAt: '2025-11-22T03:00:00.000Z', confirmedByName: 'Sari Dewi', actions: ['finish'], ...over });

export function transferCount(over: Partial<TransferCount> = {}): TransferCount {
  return {
    sender: { totalNew: 2, totalProcess: 1, totalFinish: 7, totalCancel: 1 },
    receiver: { totalNew: 3, totalProcess: 0, totalFinish: 4, totalCancel: 0 },
    ...over,
  };
}

export const page = <T,>(items: T[], total = items.length) => ({ items, page: 1, size: 20, total });

/** A transfer event's payload as the server writes it (the transfer after the step). */
export function transferEvent<A extends string>(action: A, over: Partial<{ matStatus: TransferDetail['matStatus']; locked: boolean; actorName: string }> = {}) {
  return { action, matNo: MAT_NO, idTbsms: ID_TBSMS, matStatus: 'new' as TransferDetail['matStatus'], senderStore: 'T001', receiverStore: 'T002', locked: false, actorName: 'Sari Dewi', ...over };
}

export { renderPage } from '@/test/render';

/**
 * Every MAT screen test starts alike: a fresh API client and no open modal, fake live events, no saved
 * copy or draft left by the test before. `alsoBefore` adds a file's own reset.
 */
export function setUpMatScreenTests(alsoBefore?: () => void) {
  beforeEach(() => {
    resetClientStateForTests();
    act(() => closeModal());
    installFakeEventSource();
    localStorage.clear();
    alsoBefore?.();
  });
  afterEach(() => vi.unstubAllGlobals());
}

/** The query string of a recorded call, as an object. */
export const queryOf = (call: { url: string }) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);
