import { TICKET_UPLOAD_TIMEOUT_MS } from '@gerai/contract';
import type { RequestOptions } from '@/shared/api/client';
import { xhrTransport } from '@/shared/api/xhr-transport';

/** How one ticket write is sent: its action's key (the same on a resubmit) and, with files, the upload's progress. */
export interface SendOptions {
  idempotencyKey: string;
  onProgress?: (sent: number) => void;
}

/** Request options of a write: with files, 60 s and the upload's progress (spec §9). */
export function writeOptions({ idempotencyKey, onProgress }: SendOptions, withFiles: boolean): Pick<RequestOptions, 'idempotencyKey' | 'timeoutMs' | 'transport'> {
  if (!withFiles) return { idempotencyKey };
  return { idempotencyKey, timeoutMs: TICKET_UPLOAD_TIMEOUT_MS, ...(onProgress ? { transport: xhrTransport(onProgress) } : {}) };
}

/** The multipart body of a call with files: text fields, then each file in the contract's field. */
export function formOf(fields: Record<string, string | number | undefined>, files: readonly File[], field: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined && value !== '') form.append(name, String(value));
  for (const file of files) form.append(field, file, file.name);
  return form;
}
