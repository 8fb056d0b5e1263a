import { asc, eq, getTableName } from 'drizzle-orm';
import { FIELD_MESSAGES, POD_REASON_OTHER, type ChosenReason, type ReasonList } from '@gerai/contract';
import type { Db, Reader } from '../db/client';
import { preparedRead } from '../db/prepared';
import { cancelReasons, podRejectReasons, podRequestReasons, returnReasons } from '../db/schema';
import { AppError } from './errors';

/** Every reason list (POD request and reject, cancellation, return): id, label, sort; "Lainnya" is not stored. */
export type ReasonTable = typeof podRequestReasons | typeof podRejectReasons | typeof cancelReasons | typeof returnReasons;

const REASON_TABLES = new Map<string, ReasonTable>([podRequestReasons, podRejectReasons, cancelReasons, returnReasons].map((t) => [getTableName(t), t]));
// A prepared read per table (decision 163): each list is asked for on every screen that offers it.
const reasonsRead = preparedRead('reasons', (db, shape: string, as) => {
  const table = REASON_TABLES.get(shape)!;
  return db.select({ id: table.id, label: table.label }).from(table).orderBy(asc(table.sort), asc(table.id)).prepare(as);
});

/** The table's reasons in their order, then "Lainnya" (id 0), which needs a free text (spec §3, §9). */
export async function listReasons(db: Db, table: ReasonTable): Promise<ReasonList> {
  const rows = await reasonsRead(db, getTableName(table)).execute();
  return {
    items: [...rows.map((r) => ({ id: r.id, label: r.label, requiresText: false })), { id: POD_REASON_OTHER.id, label: POD_REASON_OTHER.label, requiresText: true }],
  };
}

/** A chosen reason id checked against its table: the id to store (null for "Lainnya") and its label; unknown → 400 on `path`. */
export async function resolveReason(tx: Reader, table: ReasonTable, id: number, path: string): Promise<{ storedId: number | null; label: string }> {
  if (id === POD_REASON_OTHER.id) return { storedId: null, label: POD_REASON_OTHER.label };
  const [row] = await tx.select({ id: table.id, label: table.label }).from(table).where(eq(table.id, id)).limit(1);
  if (!row) throw new AppError('VALIDATION_FAILED', undefined, [{ path, message: FIELD_MESSAGES.reasonUnknown }]);
  return { storedId: row.id, label: row.label };
}

/** What a stored reason shows: the label (with the note when given), or the free text of "Lainnya" (a null id). */
export function reasonDisplay(id: number | null, label: string | null, text: string | null): string {
  if (id === null) return text ?? POD_REASON_OTHER.label;
  const shown = label ?? `Alasan #${id}`;
  return text ? `${shown}: ${text}` : shown;
}

/** Stored reason → the screens' chosen reason; a null id is "Lainnya" with its text. */
export function chosenReason(id: number | null, label: string | null, text: string | null): ChosenReason {
  if (id === null) return { id: POD_REASON_OTHER.id, label: POD_REASON_OTHER.label, text, display: reasonDisplay(null, null, text) };
  const shown = label ?? `Alasan #${id}`;
  return { id, label: shown, text, display: reasonDisplay(id, shown, text) };
}
