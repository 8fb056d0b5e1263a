import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES, type Upload, type UploadImageType } from '@gerai/contract';
import type { Db, Tx } from '../db/client';
import { preparedRead } from '../db/prepared';
import { uploads } from '../db/schema';
import { writeAudit } from './audit';
import { AppError } from './errors';
import { markKeyApplied } from './idempotency';
import { canSeeStore, type Principal } from './principal';
import { requireActiveStore } from './scope';

/** An upload nobody attached within this long is deleted (the form was abandoned). */
export const UNATTACHED_UPLOAD_KEEP_MS = 24 * 3600 * 1000;

export const uploadUrl = (id: string) => `/api/uploads/${id}`;

/**
 * The type of a file read from its content (magic bytes), never from its name or the browser's
 * claim: a text file renamed .jpg is not an image. Null for anything but the allowed images.
 */
export async function detectImageType(bytes: Uint8Array): Promise<UploadImageType | null> {
  return detectFileType(bytes, UPLOAD_IMAGE_TYPES);
}

/** `detectImageType` for another list of allowed types (ticket attachments add PDF). */
export async function detectFileType<T extends string>(bytes: Uint8Array, allowed: readonly T[]): Promise<T | null> {
  if (bytes.length === 0) return null;
  const found = await fileTypeFromBuffer(bytes);
  return found && (allowed as readonly string[]).includes(found.mime) ? (found.mime as T) : null;
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

type UploadRow = Pick<typeof uploads.$inferSelect, 'id' | 'mime' | 'size'>;

export function toUpload(row: UploadRow): Upload {
  return { id: row.id, mime: row.mime as UploadImageType, size: row.size, url: uploadUrl(row.id) };
}

/** An image's bytes checked: at most UPLOAD_MAX_BYTES (else 413) and an allowed image by content (else 415). */
export interface CheckedImage {
  bytes: Buffer;
  mime: UploadImageType;
  sha256: string;
}

export async function checkImage(bytes: Buffer, sha256 = sha256Of(bytes)): Promise<CheckedImage> {
  if (bytes.length > UPLOAD_MAX_BYTES) throw new AppError('UPLOAD_TOO_LARGE');
  const mime = await detectImageType(bytes);
  if (!mime) throw new AppError('UPLOAD_TYPE_UNSUPPORTED');
  return { bytes, mime, sha256 };
}

/**
 * Writes a checked image as an upload of `storeCode` in the caller's transaction: unattached (a
 * change attaches it later by its id), or attached at once (`attachedTo`, e.g. a customer's chat photo).
 */
export async function insertUpload(tx: Tx, storeCode: string, uploadedBy: number | null, image: CheckedImage, attachedTo: string | null = null): Promise<UploadRow> {
  const [row] = await tx
    .insert(uploads)
    .values({ storeCode, uploadedBy, mime: image.mime, size: image.bytes.length, sha256: image.sha256, bytes: image.bytes, attachedTo })
    .returning({ id: uploads.id, mime: uploads.mime, size: uploads.size });
  return row!;
}

/**
 * Stores an uploaded file for the caller's active store, unattached: a change attaches it later
 * by its id (a return's photos). The type must be an allowed image by its content (else 415).
 */
export async function storeUpload(db: Db, p: Principal, bytes: Buffer, sha256 = sha256Of(bytes)): Promise<Upload> {
  const storeCode = requireActiveStore(p);
  const image = await checkImage(bytes, sha256);
  const mime = image.mime;
  return db.transaction(async (tx) => {
    const row = await insertUpload(tx, storeCode, p.userId, image);
    // No event: nobody else needs to hear of a file until a change attaches it.
    await writeAudit(tx, { actorUserId: p.userId, entity: 'upload', entityId: row.id, action: 'upload', toValue: mime, reason: `${bytes.length} bytes, sha256 ${sha256}` });
    await markKeyApplied(tx);
    return toUpload(row);
  });
}

// By id alone, one statement for every caller: the store is checked on the row.
const uploadRead = preparedRead('upload_bytes', (db, _shape: '', as) =>
  db
    .select({ storeCode: uploads.storeCode, mime: uploads.mime, bytes: uploads.bytes, sha256: uploads.sha256 })
    .from(uploads)
    .where(eq(uploads.id, sql.placeholder('id')))
    .limit(1)
    .prepare(as),
);

/** An upload's bytes, only for a caller who may see its store (another store's file answers 404 like a missing one). */
export async function readUpload(db: Db, p: Principal, id: string): Promise<{ mime: string; bytes: Buffer; sha256: string }> {
  const [row] = await uploadRead(db, '').execute({ id });
  if (!row || !canSeeStore(p, row.storeCode)) throw new AppError('NOT_FOUND');
  return { mime: row.mime, bytes: row.bytes, sha256: row.sha256 };
}

/**
 * Attaches uploads to an object (`attachedTo`, e.g. `return:12`) inside the caller's transaction:
 * only uploads of `storeCode` that nothing has attached yet. Returns false, attaching nothing,
 * when any of the ids is not such an upload (missing, another store's, already used).
 */
export async function attachUploads(tx: Tx, ids: readonly string[], storeCode: string, attachedTo: string): Promise<boolean> {
  if (ids.length === 0) return true;
  const attached = await tx
    .update(uploads)
    .set({ attachedTo })
    .where(and(inArray(uploads.id, [...ids]), eq(uploads.storeCode, storeCode), isNull(uploads.attachedTo)))
    .returning({ id: uploads.id });
  return attached.length === new Set(ids).size;
}

/** Deletes uploads never attached and older than a day; called periodically by main. */
export async function purgeUnattachedUploads(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(uploads)
    .where(and(isNull(uploads.attachedTo), lt(uploads.createdAt, sql`${new Date(now.getTime() - UNATTACHED_UPLOAD_KEEP_MS).toISOString()}::timestamptz`)))
    .returning({ id: uploads.id });
  return deleted.length;
}
