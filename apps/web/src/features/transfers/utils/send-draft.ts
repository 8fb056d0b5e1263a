import { useCallback, useState } from 'react';
import { TRANSFER_LIMITS, type TransferCreateBody, type TransferStore } from '@gerai/contract';

/**
 * The transfer being made on `/mat-store`: the store it goes to, the products with the units and my
 * stock when they were added (the limit), and the note. Kept in sessionStorage so a reload or a
 * look at another screen in the same tab keeps it; dropped once sent.
 */
const KEY = 'gerai.mat.send';

export interface SendLine {
  productId: string;
  name: string;
  barcode: string;
  imageUrl: string | null;
  unit: string;
  /** My store's sellable units when the product was added: more cannot be sent. */
  max: number;
  qty: number;
}

export interface SendDraft {
  store: TransferStore | null;
  lines: SendLine[];
  note: string;
  /**
   * The Idempotency-Key of the draft as it was last sent without an answer (a lost connection), with
   * the body it carried: the same draft sent again uses the same key, so it is made once.
   */
  pending: { key: string; body: string } | null;
}

export const EMPTY_SEND: SendDraft = { store: null, lines: [], note: '', pending: null };

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function readSendDraft(): SendDraft {
  const raw = storage()?.getItem(KEY);
  if (!raw) return EMPTY_SEND;
  try {
    const value = JSON.parse(raw) as Partial<SendDraft>;
    const store = value.store && typeof value.store.storeCode === 'string' ? value.store : null;
    const lines = Array.isArray(value.lines)
      ? value.lines.filter((l): l is SendLine => typeof l?.productId === 'string' && Number.isInteger(l.qty) && Number.isInteger(l.max)).slice(0, TRANSFER_LIMITS.linesMax)
      : [];
    const pending = value.pending && typeof value.pending.key === 'string' && typeof value.pending.body === 'string' ? value.pending : null;
    return { store, lines, note: typeof value.note === 'string' ? value.note : '', pending };
  } catch {
    return EMPTY_SEND;
  }
}

export function writeSendDraft(draft: SendDraft): void {
  try {
    if (draft.store === null && draft.lines.length === 0 && !draft.note) storage()?.removeItem(KEY);
    else storage()?.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the draft stays in the open screen.
  }
}

export const clearSendDraft = () => storage()?.removeItem(KEY);

/** What POST /api/transfers is sent for the draft. */
export function createBody(draft: SendDraft): TransferCreateBody {
  const note = draft.note.trim();
  return { receiverStoreCode: draft.store?.storeCode ?? '', lines: draft.lines.map((l) => ({ productId: l.productId, qty: l.qty })), ...(note ? { note } : {}) };
}

export const totalUnits = (lines: readonly SendLine[]) => lines.reduce((sum, l) => sum + l.qty, 0);

/** The draft as screen state, written through to the tab's storage at every change. */
export function useSendDraft() {
  const [draft, setDraft] = useState(readSendDraft);
  const update = useCallback(
    (change: (draft: SendDraft) => SendDraft) =>
      setDraft((prev) => {
        const next = change(prev);
        writeSendDraft(next);
        return next;
      }),
    [],
  );
  const clear = useCallback(() => {
    clearSendDraft();
    setDraft(EMPTY_SEND);
  }, []);
  return { draft, update, clear };
}
