import { useCallback, useState } from 'react';
import { textLength, TRANSFER_DISCREPANCY_REASONS, TRANSFER_LIMITS, type TransferDiscrepancyReason, type TransferFinishBody, type TransferLine } from '@gerai/contract';

/**
 * What the receiving phone has counted of a transfer in `process` (`/confirm-mat/proces/:idTbsms`):
 * units per product and, for a line short, why. Kept in localStorage per matNo so a reload, a
 * closed browser or a call in between loses nothing; sent in one request by "Selesai" and dropped
 * once the transfer is seen finished or cancelled.
 */
const PREFIX = 'gerai.mat.count.';

export interface LineReason {
  reason: TransferDiscrepancyReason | null;
  note: string;
}

export interface CountDraft {
  /** Units counted per productId (absent: 0). */
  counts: Record<string, number>;
  /** The reason chosen per productId, kept while the line is short. */
  reasons: Record<string, LineReason>;
}

export const EMPTY_COUNT: CountDraft = { counts: {}, reasons: {} };

type CountLine = Pick<TransferLine, 'productId' | 'barcode' | 'name' | 'qtySent'>;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

const isReason = (value: unknown): value is TransferDiscrepancyReason => (TRANSFER_DISCREPANCY_REASONS as readonly unknown[]).includes(value);

/** The draft kept for `matNo`; anything unreadable counts as nothing counted yet. */
export function readCountDraft(matNo: string): CountDraft {
  const raw = storage()?.getItem(PREFIX + matNo);
  if (!raw) return EMPTY_COUNT;
  try {
    const value = JSON.parse(raw) as Partial<CountDraft>;
    const counts: Record<string, number> = {};
    for (const [id, n] of Object.entries(value.counts ?? {})) if (Number.isInteger(n) && n >= 0) counts[id] = n;
    const reasons: Record<string, LineReason> = {};
    for (const [id, r] of Object.entries(value.reasons ?? {})) {
      reasons[id] = { reason: isReason(r?.reason) ? r.reason : null, note: typeof r?.note === 'string' ? r.note : '' };
    }
    return { counts, reasons };
  } catch {
    return EMPTY_COUNT;
  }
}

export function writeCountDraft(matNo: string, draft: CountDraft): void {
  try {
    storage()?.setItem(PREFIX + matNo, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the count stays in the open screen.
  }
}

export function forgetCountDraft(matNo: string): void {
  storage()?.removeItem(PREFIX + matNo);
}

export const countOf = (draft: CountDraft, productId: string) => draft.counts[productId] ?? 0;

/** Whether a scanned code is the line's product: its barcode (EAN-13) or its productId, as the server knows them. */
export function isLineCode(code: string, line: Pick<TransferLine, 'barcode' | 'productId'>): boolean {
  const c = code.trim();
  return c !== '' && (c === line.barcode || c === line.productId);
}

/** One line's count set to `n`, kept between 0 and what was sent. */
export function setCount(draft: CountDraft, line: CountLine, n: number): CountDraft {
  const value = Math.min(Math.max(Math.trunc(Number.isFinite(n) ? n : 0), 0), line.qtySent);
  return { ...draft, counts: { ...draft.counts, [line.productId]: value } };
}

export type ScanOutcome = { kind: 'counted'; line: CountLine; n: number } | { kind: 'full'; line: CountLine } | { kind: 'unknown'; code: string };

/** A scan: 1 more on its line, never above what was sent; a code of no line counts nothing. */
export function countScan(draft: CountDraft, lines: readonly CountLine[], code: string): { draft: CountDraft; outcome: ScanOutcome } {
  const line = lines.find((l) => isLineCode(code, l));
  if (!line) return { draft, outcome: { kind: 'unknown', code: code.trim() } };
  const n = countOf(draft, line.productId);
  if (n >= line.qtySent) return { draft, outcome: { kind: 'full', line } };
  return { draft: setCount(draft, line, n + 1), outcome: { kind: 'counted', line, n: n + 1 } };
}

export function setReason(draft: CountDraft, productId: string, reason: LineReason): CountDraft {
  // Kept whole (never cut): past the limit the field says so and the line waits (reasonProblem).
  return { ...draft, reasons: { ...draft.reasons, [productId]: { reason: reason.reason, note: reason.note } } };
}

/** The lines counted below what was sent. */
export const shortLines = <L extends CountLine>(lines: readonly L[], draft: CountDraft): L[] => lines.filter((l) => countOf(draft, l.productId) < l.qtySent);

/** What a short line still lacks to be sent: a reason, or the note `other` needs (within its limit). */
export function reasonProblem(draft: CountDraft, productId: string): 'reason' | 'note' | null {
  const r = draft.reasons[productId];
  if (!r?.reason) return 'reason';
  if (r.reason === 'other' && (!r.note.trim() || textLength(r.note) > TRANSFER_LIMITS.noteMax)) return 'note';
  return null;
}

/** The short lines that cannot be sent yet. */
export const linesMissingReason = <L extends CountLine>(lines: readonly L[], draft: CountDraft): L[] => shortLines(lines, draft).filter((l) => reasonProblem(draft, l.productId) !== null);

/** "Selesai"'s body: every line once; a reason (and note) only on a short line. */
export function finishBody(lines: readonly CountLine[], draft: CountDraft): TransferFinishBody {
  return {
    lines: lines.map((l) => {
      const qtyReceived = countOf(draft, l.productId);
      if (qtyReceived >= l.qtySent) return { productId: l.productId, qtyReceived };
      const r = draft.reasons[l.productId];
      const note = r?.note.trim();
      return { productId: l.productId, qtyReceived, ...(r?.reason ? { reason: r.reason } : {}), ...(note ? { note } : {}) };
    }),
  };
}

/** The count of `matNo` as screen state, written through to the phone at every change. */
export function useCountDraft(matNo: string) {
  const [state, setState] = useState(() => ({ matNo, draft: readCountDraft(matNo) }));
  // Another transfer opened in the same screen: its own draft.
  const current = state.matNo === matNo ? state.draft : readCountDraft(matNo);
  if (state.matNo !== matNo) setState({ matNo, draft: current });
  const update = useCallback(
    (change: (draft: CountDraft) => CountDraft) =>
      setState((prev) => {
        const draft = change(prev.draft);
        writeCountDraft(prev.matNo, draft);
        return { matNo: prev.matNo, draft };
      }),
    [],
  );
  const reset = useCallback(() => update(() => EMPTY_COUNT), [update]);
  return { draft: current, update, reset };
}
