import type { ErrorReply } from '@gerai/contract';

export type ApiErrorDetail = NonNullable<ErrorReply['details']>[number];

/** Codes the client itself produces (the server's codes come from the contract). */
export type ClientErrorCode = 'NETWORK' | 'TIMEOUT' | 'UNEXPECTED_RESPONSE';

/** Every failed API call surfaces as this: the server's `{ message, code, details? }` or a client-side code. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: ApiErrorDetail[] | undefined;
  /** What some error replies carry besides the message (POD outside the radius: distance, direction…). */
  readonly data: unknown;

  constructor(init: { status: number; code: string; message: string; details?: ApiErrorDetail[] | undefined; data?: unknown }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.data = init.data;
  }

  /** No reply reached us (offline, DNS, timeout): retrying may help. */
  get isNetwork(): boolean {
    return this.code === 'NETWORK' || this.code === 'TIMEOUT';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
