import type { ErrorReply, TokenPair } from '@gerai/contract';
import type { ErrorCode } from '@gerai/contract/messages';
import { EVENT_CURSOR_HEADER } from '@gerai/contract/event-types';
import { REQUEST_ID_HEADER } from '@gerai/contract/request-id';
import { DEFAULT_ERROR_MODAL, SESSION_EXPIRED_MESSAGE, SUCCESS } from '@gerai/contract/shell-messages';
import { API_BASE } from '../config/app';
import { noteReadCursor, takeReadCursor } from '../events/read-cursor';
import { id } from '../i18n/id';
import { randomId } from '../utils/random-id';
import { ApiError } from './api-error';
import { notifySessionExpired, session } from './session';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: HttpMethod;
  query?: QueryParams;
  /** JSON-serialisable value, FormData (attachments) or URLSearchParams (form-encoded calls). */
  body?: unknown;
  /** Reuse a key across retries of the same mutation; one is generated when absent. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Attachment uploads use 60 s (spec §9). */
  timeoutMs?: number;
  /** Sends instead of fetch (an upload with progress: `xhrTransport`); the rest of the exchange is the same. */
  transport?: typeof fetch;
}

const MUTATING: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Endpoints whose 401 means "wrong credentials / no session", never "refresh and retry". */
const NO_REFRESH: ReadonlySet<string> = new Set(['/auth/login', '/auth/refresh', '/auth/logout']);
/**
 * Token-issuing endpoints carry no Idempotency-Key: a replayed reply would hand
 * back tokens without their Set-Cookie headers, and token bodies do not belong in
 * the server's replay store. They are not retried automatically either.
 */
const NO_IDEMPOTENCY_KEY: ReadonlySet<string> = new Set(['/auth/login', '/auth/refresh']);

const DEFAULT_TIMEOUT_MS = 30_000;

export function newIdempotencyKey(): string {
  return randomId();
}

function buildUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob) return body;
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

/** One HTTP exchange; network failures and timeouts become ApiError, caller aborts stay AbortError. */
async function send(path: string, opts: RequestOptions, idempotencyKey: string | undefined): Promise<Response> {
  const method = opts.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json', 'X-Requested-With': 'gerai' });
  if (idempotencyKey) headers.set('Idempotency-Key', idempotencyKey);
  const body = encodeBody(opts.body, headers);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const res = await (opts.transport ?? fetch)(buildUrl(path, opts.query), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: controller.signal,
    });
    if (method === 'GET') noteReadCursor(res.headers.get(EVENT_CURSOR_HEADER));
    return res;
  } catch (error) {
    if (opts.signal?.aborted) throw error;
    if (timedOut) throw new ApiError({ status: 0, code: 'TIMEOUT', message: id.errors.timeout });
    throw new ApiError({ status: 0, code: 'NETWORK', message: id.errors.network });
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

function isErrorReply(value: unknown): value is ErrorReply {
  return typeof value === 'object' && value !== null && typeof (value as ErrorReply).message === 'string' && typeof (value as ErrorReply).code === 'string';
}

/** Unwraps `{ message: 'Success', data }`; anything else is an ApiError (spec §7: success is message === Success). */
async function parse<T>(res: Response): Promise<T> {
  const text = await res.text().catch(() => '');
  let payload: unknown;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }
  const requestId = res.headers.get(REQUEST_ID_HEADER);
  if (!res.ok) {
    if (isErrorReply(payload)) {
      const data = (payload as { data?: unknown }).data;
      // The server answers only with the contract's codes (its error handler is typed by them).
      throw new ApiError({ status: res.status, code: payload.code as ErrorCode, message: payload.message, details: payload.details, data, requestId });
    }
    // A proxy or gateway page: no server message to show.
    throw new ApiError({ status: res.status, code: `HTTP_${res.status}`, message: DEFAULT_ERROR_MODAL.message, requestId });
  }
  const envelope = payload as { message?: unknown; data?: unknown } | undefined;
  if (!envelope || envelope.message !== SUCCESS) {
    const message = typeof envelope?.message === 'string' && envelope.message ? envelope.message : id.errors.unexpected;
    throw new ApiError({ status: res.status, code: 'UNEXPECTED_RESPONSE', message, requestId });
  }
  return envelope.data as T;
}

// --- token refresh ----------------------------------------------------------

type RefreshOutcome = 'refreshed' | 'expired';
let refreshing: Promise<RefreshOutcome> | null = null;
/** Bumped by every successful refresh, so a 401 to a request sent with the old token just retries. */
let generation = 0;

async function doRefresh(): Promise<RefreshOutcome> {
  const res = await send('/auth/refresh', { method: 'POST', body: {} }, undefined);
  if (res.status === 401 || res.status === 403) return 'expired';
  const data = await parse<TokenPair>(res);
  session.setTokenExp(data.tokenExp, res.headers.get('date'));
  generation += 1;
  return 'refreshed';
}

/**
 * Single flight: every caller that needs a refresh while one runs shares it.
 * Network failures reject (the session may still be fine); a definitive 401/403 resolves 'expired'.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  refreshing ??= doRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function sessionExpiredError(): ApiError {
  return new ApiError({ status: 401, code: 'UNAUTHENTICATED', message: SESSION_EXPIRED_MESSAGE });
}

/** The one way the web talks to the server. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? 'GET';
  const canRefresh = !NO_REFRESH.has(path);
  const idempotencyKey =
    MUTATING.has(method) && !NO_IDEMPOTENCY_KEY.has(path) ? (opts.idempotencyKey ?? newIdempotencyKey()) : undefined;

  if (canRefresh && session.expiresSoon()) {
    // Proactive refresh; a transient failure is ignored here and handled by the 401 path below.
    const outcome = await refreshSession().catch(() => 'refreshed' as const);
    if (outcome === 'expired') {
      notifySessionExpired();
      throw sessionExpiredError();
    }
  }

  const sentWith = generation;
  let res = await send(path, opts, idempotencyKey);
  if (res.status === 401 && canRefresh) {
    const outcome = generation !== sentWith ? 'refreshed' : await refreshSession();
    if (outcome === 'expired') {
      notifySessionExpired();
      throw sessionExpiredError();
    }
    // Same Idempotency-Key: the server sees one mutation, however many times we send it.
    res = await send(path, opts, idempotencyKey);
    if (res.status === 401) {
      notifySessionExpired();
      throw sessionExpiredError();
    }
  }
  const data = await parse<T>(res);
  if (path === '/auth/login') {
    const exp = (data as Partial<TokenPair> | null)?.tokenExp;
    if (typeof exp === 'number') session.setTokenExp(exp, res.headers.get('date'));
  }
  return data;
}

export const api = {
  get: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...opts, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...opts, method: 'PUT', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...opts, method: 'PATCH', body: body ?? {} }),
  delete: <T>(path: string, opts: Omit<RequestOptions, 'method'> = {}) => request<T>(path, { ...opts, method: 'DELETE' }),
};

/** Test seam: forget any in-flight refresh between tests. */
export function resetClientStateForTests(): void {
  refreshing = null;
  generation = 0;
  takeReadCursor(0);
}
