import type { TransferCreateBody } from '@gerai/contract';
import { isApiError, type ApiError } from '@/shared/api/api-error';
import { linesOf, sayRefusal, type RefusalEntry, type RefusalTable } from '@/shared/api/refusal';
import { transfersText } from '@/shared/i18n/transfers';

/**
 * Said next to the step's button (RefusalNote, the PIN or QR field), in the most particular words the
 * server gave: its details ("PIN salah. Sisa 3 kali…"), else its own message when it says more than
 * the code's sentence, else the sentence. No reply: the connection's words.
 */
const atStep: RefusalEntry = { show: 'form', words: 'details' };
/** On the list line the server names by its product (`details[].productId`), never by its words. */
const onLine: RefusalEntry = { show: 'line', words: 'details' };
/** On the receiving store of the send form. */
const onStore: RefusalEntry = { show: 'field', field: 'receiverStoreCode', words: 'details' };

/** The transfer screens' refusals (send, confirm, count, cancel, new PIN, unlock). */
export const TRANSFER_REFUSALS: RefusalTable = {
  TRANSFER_SAME_STORE: onStore,
  STORE_UNKNOWN: onStore,
  TRANSFER_PRODUCT_UNKNOWN: onLine,
  TRANSFER_STOCK_SHORT: onLine,
  TRANSFER_RECEIVED_EXCEEDS: onLine,
  TRANSFER_REASON_REQUIRED: onLine,
  TRANSFER_LINES_MISMATCH: atStep,
  TRANSFER_NOT_FOUND: atStep,
  TRANSFER_STATUS_CHANGED: atStep,
  TRANSFER_NOT_SENDER: atStep,
  TRANSFER_NOT_RECEIVER: atStep,
  TRANSFER_PIN_WRONG: { show: 'field', field: 'pin', words: 'details' },
  TRANSFER_QR_INVALID: { show: 'field', field: 'qr', words: 'details' },
  TRANSFER_LOCKED: atStep,
  TRANSFER_NOT_LOCKED: atStep,
  // A step no side of the caller may take (unlocking without being the area supervisor).
  FORBIDDEN: atStep,
};

/** A code the table does not name (the platform's, no reply): said at the step in the same words. */
export const TRANSFER_OTHERWISE = atStep;

/** A refusal's words as the transfer screens say them, one text per line. */
export const refusalLines = (error: unknown): string[] => sayRefusal(TRANSFER_REFUSALS, error, TRANSFER_OTHERWISE).text.split('\n');

/** The line a detail path names (`body.lines.<i>…` or `lines.<i>…`), or null. */
export function lineIndexOf(path: string): number | null {
  const m = /(?:^|\.)lines\.(\d+)(?:\.|$)/.exec(path);
  return m ? Number(m[1]) : null;
}

/** Where a refused send is said: on the store, on a line (by productId), on the note, or above the form. */
export interface SendRefusals {
  store: string | null;
  lines: Record<string, string>;
  note: string | null;
  form: string | null;
}
export const NO_SEND_REFUSALS: SendRefusals = { store: null, lines: {}, note: null, form: null };

/**
 * Puts a refused send's words where TRANSFER_REFUSALS says, by what the server names, never by its
 * words: a detail naming a product goes on that product's line, one naming a line of the body sent
 * (`…lines.<i>…`, a field check) on that line's product; the store's field and the note's on them;
 * the rest above the form ("Periksa produk yang ditandai." when lines carry it).
 */
export function placeSendRefusal(error: unknown, sent: Pick<TransferCreateBody, 'lines'>, draftIds: readonly string[]): SendRefusals {
  const said = sayRefusal(TRANSFER_REFUSALS, error, TRANSFER_OTHERWISE);
  if (!isApiError(error) || said.clientSide) return { ...NO_SEND_REFUSALS, form: said.text };
  const onDraft = (productId: string | undefined) => (productId !== undefined && draftIds.includes(productId) ? productId : null);
  const out: SendRefusals = { store: null, lines: linesOf(error, (productId) => onDraft(productId) !== null), note: null, form: null };
  const rest: string[] = [];
  for (const d of (error as ApiError).details ?? []) {
    if (!d.message || onDraft(d.productId)) continue;
    if (/receiverStoreCode/.test(d.path)) out.store = d.message;
    else if (/(^|\.)note$/.test(d.path)) out.note = d.message;
    else {
      const i = lineIndexOf(d.path);
      const productId = onDraft(i !== null ? sent.lines[i]?.productId : undefined);
      if (productId) out.lines[productId] = out.lines[productId] ? `${out.lines[productId]}\n${d.message}` : d.message;
      else rest.push(d.message);
    }
  }
  const onLines = Object.keys(out.lines).length > 0;
  if (said.show === 'field' && said.field === 'receiverStoreCode' && !out.store) out.store = said.text;
  else if (rest.length > 0) out.form = rest.join('\n');
  else if (!out.store && !out.note && !onLines) out.form = said.text;
  else if (onLines) out.form = transfersText.send.lineRefused;
  return out;
}
