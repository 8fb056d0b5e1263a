import type { TransferCreateBody } from '@gerai/contract';
import { hasErrorCode, type ApiError } from '@/shared/api/api-error';
import { transfersText } from '@/shared/i18n/transfers';
import type { SendDraft } from './send-draft';
import { lineIndexOf, refusalLines } from './transfer-view';

const text = transfersText.send;

/** Where a refusal is said: on the store, on a line (by productId), on the note, or above the form. */
export interface Refusals {
  store: string | null;
  lines: Record<string, string>;
  note: string | null;
  form: string | null;
}
export const NO_REFUSALS: Refusals = { store: null, lines: {}, note: null, form: null };

/**
 * Puts a refused send's words where they belong, by what the server names, never by its words: a
 * detail naming a product (`productId`, the transfer's line refusals) goes on that product's line,
 * one naming a line of the body sent (`…lines.<i>…`, a field check) on that line's product; the
 * receiver's refusals on the store, the note's on the note; the rest above the form.
 */
export function placeRefusal(error: ApiError, sent: Pick<TransferCreateBody, 'lines'>, draft: Pick<SendDraft, 'lines'>): Refusals {
  const out: Refusals = { store: null, lines: {}, note: null, form: null };
  const rest: string[] = [];
  const onDraft = (productId: string | undefined) => (productId !== undefined && draft.lines.some((l) => l.productId === productId) ? productId : null);
  for (const d of error.details ?? []) {
    if (!d.message) continue;
    if (/receiverStoreCode/.test(d.path)) {
      out.store = d.message;
      continue;
    }
    if (/(^|\.)note$/.test(d.path)) {
      out.note = d.message;
      continue;
    }
    const i = lineIndexOf(d.path);
    const productId = onDraft(d.productId) ?? onDraft(i !== null ? sent.lines[i]?.productId : undefined);
    if (productId) out.lines[productId] = out.lines[productId] ? `${out.lines[productId]}\n${d.message}` : d.message;
    else rest.push(d.message);
  }
  const onLines = Object.keys(out.lines).length > 0;
  if (hasErrorCode(error, 'TRANSFER_SAME_STORE', 'STORE_UNKNOWN') && !out.store) out.store = refusalLines(error).join('\n');
  else if (rest.length > 0) out.form = rest.join('\n');
  else if (!out.store && !out.note && !onLines) out.form = refusalLines(error).join('\n');
  else if (onLines) out.form = text.lineRefused;
  return out;
}

