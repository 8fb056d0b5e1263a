import type { ErrorCode, ErrorReply } from '@gerai/contract';

export type ApiErrorDetail = NonNullable<ErrorReply['details']>[number];

/**
 * Codes the client itself produces: no reply (NETWORK, TIMEOUT), a 2xx that is not
 * the Success envelope, and `HTTP_<status>` for a gateway page without a server code.
 */
export type ClientErrorCode = 'NETWORK' | 'TIMEOUT' | 'UNEXPECTED_RESPONSE' | `HTTP_${number}`;

/** Every code an ApiError can carry: the contract's (the server's) and the client's own. A typo is a compile error. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/** Every failed API call surfaces as this: the server's `{ message, code, details? }` or a client-side code. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: ApiErrorDetail[] | undefined;
  /** What some error replies carry besides the message (POD outside the radius: distance, direction…). */
  readonly data: unknown;
  /** The reply's X-Request-Id (null without a reply): the id a support person finds the server's log line and audit row by. */
  readonly requestId: string | null;

  constructor(init: { status: number; code: ApiErrorCode; message: string; details?: ApiErrorDetail[] | undefined; data?: unknown; requestId?: string | null }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.data = init.data;
    this.requestId = init.requestId ?? null;
  }

  /** No reply reached us (offline, DNS, timeout): retrying may help. */
  get isNetwork(): boolean {
    return this.code === 'NETWORK' || this.code === 'TIMEOUT';
  }

  /** A code the client made up: there is no server message worth showing. */
  get isClientSide(): boolean {
    return this.isNetwork || this.code === 'UNEXPECTED_RESPONSE' || this.code.startsWith('HTTP_');
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when `error` is an ApiError with one of `codes`. */
export function hasErrorCode(error: unknown, ...codes: readonly ApiErrorCode[]): error is ApiError {
  return isApiError(error) && codes.includes(error.code);
}
