import type { Upload } from '@gerai/contract';
import { api } from './client';

/** Attachment uploads wait longer than other calls (spec §9: 60 s). */
export const UPLOAD_TIMEOUT_MS = 60_000;

/**
 * POST /api/uploads (multipart, one file in the field `file`) → 201 { id, mime, size, url }.
 * Sent through the one client: the session's cookies, the CSRF header, an Idempotency-Key and the
 * refresh-once-on-401 all apply. The server reads the type from the content: 415
 * UPLOAD_TYPE_UNSUPPORTED for anything but JPEG/PNG/WebP, 413 UPLOAD_TOO_LARGE above its limit.
 * The upload is then attached by its id (a return's photoIds).
 */
export function uploadFile(file: Blob, { name, signal }: { name?: string; signal?: AbortSignal } = {}): Promise<Upload> {
  const form = new FormData();
  form.append('file', file, name ?? (file instanceof File ? file.name : 'foto.jpg'));
  return api.post<Upload>('/uploads', form, { signal, timeoutMs: UPLOAD_TIMEOUT_MS });
}
