import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { TICKET_ATTACHMENT_TYPES, TICKET_ATTACHMENTS, type TicketAttachmentType } from '@gerai/contract';
import type { Tx } from '../../db/client';
import { ticketAttachments } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { ReceivedFile } from '../../platform/upload-routes';
import { detectFileType } from '../../platform/uploads';

/** A received file checked and ready to store. */
export interface CheckedFile {
  fileName: string;
  mime: TicketAttachmentType;
  bytes: Buffer;
  sha256: string;
}

const FALLBACK_NAME = 'lampiran';

/**
 * The sender's file name as a label only: the last path segment (no `../`, no folders), no control
 * or quoting characters, bounded. The bytes are stored under a random key, never under this name.
 */
export function cleanFileName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = last.replace(/[\u0000-\u001f\u007f"<>:|?*;]/g, '').replace(/^\.+/, '').trim();
  return cleaned.slice(0, TICKET_ATTACHMENTS.fileNameMax) || FALLBACK_NAME;
}

/**
 * Every file must be an allowed type by its content (magic bytes: a text file renamed .pdf is
 * refused, 415) and within the size limit (413; busboy stops a larger one first). All or nothing.
 */
export async function checkFiles(files: readonly ReceivedFile[]): Promise<CheckedFile[]> {
  if (files.length > TICKET_ATTACHMENTS.maxFiles) throw new AppError('TICKET_ATTACHMENTS_TOO_MANY');
  const checked: CheckedFile[] = [];
  for (const f of files) {
    if (f.size > TICKET_ATTACHMENTS.maxBytes) throw new AppError('TICKET_ATTACHMENT_TOO_LARGE');
    const mime = await detectFileType(f.bytes, TICKET_ATTACHMENT_TYPES);
    if (!mime) throw new AppError('TICKET_ATTACHMENT_TYPE_UNSUPPORTED');
    checked.push({ fileName: cleanFileName(f.fileName), mime, bytes: f.bytes, sha256: f.sha256 });
  }
  return checked;
}

/** Stores the files on the ticket (or one of its comments) in the caller's transaction, within the per-ticket limit. */
export async function insertAttachments(tx: Tx, ticketId: number, commentId: number | null, userId: number, files: readonly CheckedFile[]): Promise<void> {
  if (files.length === 0) return;
  const [held] = await tx.select({ n: count() }).from(ticketAttachments).where(eq(ticketAttachments.ticketId, ticketId));
  if ((held?.n ?? 0) + files.length > TICKET_ATTACHMENTS.perTicketMax) throw new AppError('TICKET_ATTACHMENTS_TOO_MANY');
  await tx.insert(ticketAttachments).values(
    files.map((f) => ({
      ticketId,
      commentId,
      fileName: f.fileName,
      mimeType: f.mime,
      sizeBytes: f.bytes.length,
      storageKey: randomUUID(),
      bytes: f.bytes,
      sha256: f.sha256,
      uploadedBy: userId,
    })),
  );
}
