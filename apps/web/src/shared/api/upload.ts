import type { Upload } from '@gerai/contract';
import { TICKET_ATTACHMENT_TYPES, TICKET_ATTACHMENTS, UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@gerai/contract/limits';
import { ERROR_HTTP_STATUS, ERROR_MESSAGES, type ErrorCode } from '@gerai/contract/messages';
import { ApiError, isApiError } from './api-error';
import { api } from './client';

/** Attachment uploads wait longer than other calls (spec §9: 60 s). */
export const UPLOAD_TIMEOUT_MS = 60_000;

/**
 * What a kind of upload accepts, from the contract (the server checks the same limits, by content):
 * the types, the bytes, and the codes a refusal carries.
 */
export interface FileRule {
  types: readonly string[];
  maxBytes: number;
  tooLarge: ErrorCode;
  wrongType: ErrorCode;
}

/** A photo for POST /api/uploads (returns, chat). */
export const PHOTO_RULE: FileRule = { types: UPLOAD_IMAGE_TYPES, maxBytes: UPLOAD_MAX_BYTES, tooLarge: 'UPLOAD_TOO_LARGE', wrongType: 'UPLOAD_TYPE_UNSUPPORTED' };
/** A ticket's attachment (photos and PDF). */
export const TICKET_FILE_RULE: FileRule = {
  types: TICKET_ATTACHMENT_TYPES,
  maxBytes: TICKET_ATTACHMENTS.maxBytes,
  tooLarge: 'TICKET_ATTACHMENT_TOO_LARGE',
  wrongType: 'TICKET_ATTACHMENT_TYPE_UNSUPPORTED',
};

/** The refusals no retry can change: the file itself is too large or of a type not taken. Only another file helps. */
const FILE_REFUSALS: readonly string[] = ['UPLOAD_TOO_LARGE', 'UPLOAD_TYPE_UNSUPPORTED', 'TICKET_ATTACHMENT_TOO_LARGE', 'TICKET_ATTACHMENT_TYPE_UNSUPPORTED'];

/** True when the server (or the phone's check, below) refused the file itself: offer "Pilih file lain", never "Coba lagi". */
export const isFileRefusal = (error: unknown): error is ApiError => isApiError(error) && FILE_REFUSALS.includes(error.code);

/** The file's type by its first bytes, as the server reads it (never by its name or the picker's claim). */
export function sniffType(head: Uint8Array): string | null {
  const starts = (sig: readonly number[], at = 0) => sig.every((b, i) => head[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

async function headOf(file: Blob): Promise<Uint8Array | null> {
  const part = file.slice(0, 16);
  try {
    if (typeof part.arrayBuffer === 'function') return new Uint8Array(await part.arrayBuffer());
    return await new Promise<Uint8Array>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(part);
    });
  } catch {
    return null;
  }
}

/** The refusal of a file checked on the phone: the server's code, status and words, so screens treat both alike. */
const refusal = (code: ErrorCode) => new ApiError({ status: ERROR_HTTP_STATUS[code], code, message: ERROR_MESSAGES[code] });

/**
 * Checks a file on the phone before anything is sent: its type by its first bytes and, unless `size`
 * is false (a photo is made smaller first, then checked), its size. Null when it may go; else the
 * refusal the server would answer (413/415 with the contract's code and words). A file whose bytes
 * cannot be read here goes by the picker's type; the server has the last word either way.
 */
export async function checkFile(file: Blob, rule: FileRule, { size = true }: { size?: boolean } = {}): Promise<ApiError | null> {
  const head = await headOf(file);
  const type = head ? sniffType(head) : file.type;
  if (!type || !rule.types.includes(type)) return refusal(rule.wrongType);
  if (size && file.size > rule.maxBytes) return refusal(rule.tooLarge);
  return null;
}

/**
 * POST /api/uploads (multipart, one file in the field `file`) → 201 { id, mime, size, url }.
 * Sent through the one client: the session's cookies, the CSRF header, an Idempotency-Key and the
 * refresh-once-on-401 all apply. The file is checked first (type by its bytes, size): one the server
 * would refuse (415 UPLOAD_TYPE_UNSUPPORTED, 413 UPLOAD_TOO_LARGE) is refused here, never sent.
 * The upload is then attached by its id (a return's photoIds, a chat message's photoId).
 */
export async function uploadFile(file: Blob, { name, signal }: { name?: string; signal?: AbortSignal } = {}): Promise<Upload> {
  const refused = await checkFile(file, PHOTO_RULE);
  if (refused) throw refused;
  const form = new FormData();
  form.append('file', file, name ?? (file instanceof File ? file.name : 'foto.jpg'));
  return api.post<Upload>('/uploads', form, { signal, timeoutMs: UPLOAD_TIMEOUT_MS });
}
