import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_HTTP_STATUS, ERROR_MESSAGES, type ErrorCode } from '@gerai/contract';
import { noteRefusal, safeMessage, type Refusal } from './logging';

export interface ErrorDetail {
  path: string;
  message: string;
  /** The product a line's refusal is about, so the phone places it by id (never by its words). */
  productId?: string;
}

/** A domain error: a machine code, an Indonesian message, HTTP status from one table. */
export class AppError extends Error {
  readonly code: string;
  readonly statusCode: number;
  readonly details?: ErrorDetail[];

  constructor(code: ErrorCode, message?: string, details?: ErrorDetail[]);
  constructor(code: string, message: string, details: ErrorDetail[] | undefined, statusCode: number);
  constructor(code: string, message?: string, details?: ErrorDetail[], statusCode?: number) {
    super(message ?? ERROR_MESSAGES[code as ErrorCode] ?? ERROR_MESSAGES.INTERNAL);
    this.code = code;
    this.statusCode = statusCode ?? ERROR_HTTP_STATUS[code as ErrorCode] ?? 500;
    this.details = details;
  }
}

export const notFound = (message?: string) => new AppError('NOT_FOUND', message);
export const conflict = (message?: string) => new AppError('CONFLICT', message);
export const forbidden = (message?: string) => new AppError('FORBIDDEN', message);

/** Fastify's own error codes mapped to ours, so every 4xx speaks Indonesian. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  FST_ERR_RATE_LIMITED: 'RATE_LIMITED',
};

/** A database error and what it wraps (Drizzle puts the driver's error in `cause`), outermost first. */
function* errorChain(err: unknown): Generator<{ code?: unknown; constraint?: unknown; message?: unknown }> {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) yield e;
}

/** The SQLSTATE of a database error, however the driver wraps it (node-postgres and PGlite both carry `code`). */
export function sqlState(err: unknown): string | null {
  for (const e of errorChain(err)) if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return null;
}

/** True for a unique violation (SQLSTATE 23505), of `constraint` when one is named. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (const e of errorChain(err)) {
    if (e.code !== '23505') continue;
    return !constraint || e.constraint === constraint || (typeof e.message === 'string' && e.message.includes(constraint));
  }
  return false;
}

/**
 * Races the database settles by refusing one side, its transaction rolled back: a unique key
 * taken by a concurrent insert (23505), a deadlock victim (40P01), a serialization failure (40001).
 * An area answers its own race first (a replay, or its own 409); one that slips past a service
 * is still a lost race, never a server fault.
 */
const LOST_RACE_STATES = new Set(['23505', '40P01', '40001']);

/**
 * The database cannot be reached right now: refused or dropped connections (a restart, a failover,
 * pg_terminate_backend), a connect that timed out, a server starting up or shutting down (57P01-03),
 * class 08 (connection exception) and too many connections (53300). Transient, and nothing was
 * changed (a change commits before its reply), so the caller is told to try again.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres' own words for a connection that died or never came (it sets no code for them). */
const UNAVAILABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly)/;

export function isDatabaseUnavailable(err: unknown): boolean {
  const state = sqlState(err);
  if (state !== null) return UNAVAILABLE_STATES.has(state) || state.startsWith('08');
  for (const e of errorChain(err)) {
    if (typeof e.code === 'string' && UNAVAILABLE_ERRNOS.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** Seconds a client is asked to wait before it tries again while the database is away. */
const RETRY_AFTER_SECONDS = 2;

function issuePath(instancePath: string | undefined, extra: unknown): string {
  const base = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return base || (typeof extra === 'string' ? extra : '');
}

/** "Try again in a moment": the database is away or this process is closing. Nothing was changed; a warn line, no stack. */
function tryAgainLater(req: FastifyRequest, reply: FastifyReply, refusal: Refusal): FastifyReply {
  noteRefusal(req, { ...refusal, level: 'warn' });
  return reply
    .code(ERROR_HTTP_STATUS.SERVICE_UNAVAILABLE)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send({ message: ERROR_MESSAGES.SERVICE_UNAVAILABLE, code: 'SERVICE_UNAVAILABLE' });
}

/**
 * A process that is closing (a deploy's rolling restart) answers what still reaches it on a kept-alive
 * connection with the app's own 503 and Retry-After, not Fastify's bare body: the client knows that
 * code and tries again, and nginx sends its next request to another process. Needs `return503OnClosing: false`.
 */
export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (req, reply, done) => {
    if (!closing) return done();
    // Told once, the phone's next request opens a connection to a process that stays.
    reply.header('connection', 'close');
    done(new AppError('SERVICE_UNAVAILABLE'));
  });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError & { details?: ErrorDetail[] }, req, reply) => {
    if (err instanceof AppError) {
      if (err.code === 'SERVICE_UNAVAILABLE') return tryAgainLater(req, reply, { code: err.code });
      if (err.statusCode >= 500) req.log.error({ err }, 'request failed');
      else noteRefusal(req, { code: err.code });
      return reply.code(err.statusCode).send({ message: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const context = err.validationContext ?? 'body';
      const details = err.validation.map((v) => ({
        path: [context, issuePath(v.instancePath, undefined)].filter(Boolean).join('.'),
        message: v.message ?? ERROR_MESSAGES.VALIDATION_FAILED,
      }));
      // The fields' paths, not their messages: a message may quote what was sent.
      noteRefusal(req, { code: 'VALIDATION_FAILED', fields: { fields: details.map((d) => d.path) } });
      return reply.code(400).send({ message: ERROR_MESSAGES.VALIDATION_FAILED, code: 'VALIDATION_FAILED', details });
    }
    const state = sqlState(err);
    if (state !== null && LOST_RACE_STATES.has(state)) {
      const constraint = (err as { constraint?: unknown }).constraint ?? (err.cause as { constraint?: unknown } | undefined)?.constraint;
      noteRefusal(req, { code: 'CONFLICT', fields: { sqlState: state, constraint }, level: 'warn' });
      return reply.code(ERROR_HTTP_STATUS.CONFLICT).send({ message: ERROR_MESSAGES.CONFLICT, code: 'CONFLICT' });
    }
    if (isDatabaseUnavailable(err)) return tryAgainLater(req, reply, { code: 'SERVICE_UNAVAILABLE', fields: { cause: safeMessage(err.message, true), causeCode: err.code ?? sqlState(err) } });
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ message: ERROR_MESSAGES.INTERNAL, code: 'INTERNAL' });
    }
    const status = err.statusCode ?? 500;
    if (req.is404 && status < 500) {
      // No route matched: whatever Fastify found wrong first (a QUERY without a content type, a body
      // it cannot parse), the answer is the one every unknown address gets.
      noteRefusal(req, { code: 'ROUTE_NOT_FOUND', fields: { fastifyCode: err.code } });
      return reply.code(ERROR_HTTP_STATUS.ROUTE_NOT_FOUND).send({ message: ERROR_MESSAGES.ROUTE_NOT_FOUND, code: 'ROUTE_NOT_FOUND' });
    }
    const mapped = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (mapped) {
      noteRefusal(req, { code: mapped, fields: { fastifyCode: err.code } });
      return reply.code(ERROR_HTTP_STATUS[mapped] ?? status).send({ message: ERROR_MESSAGES[mapped], code: mapped });
    }
    if (status < 500) {
      noteRefusal(req, { code: err.code ?? 'BAD_REQUEST' });
      // Messages below 500 are ours or Fastify's; only ours are Indonesian, so use the generic text.
      return reply.code(status).send({ message: ERROR_MESSAGES.VALIDATION_FAILED, code: err.code ?? 'BAD_REQUEST' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: ERROR_MESSAGES.INTERNAL, code: 'INTERNAL' });
  });

  app.setNotFoundHandler((req, reply) => {
    noteRefusal(req, { code: 'ROUTE_NOT_FOUND' });
    return reply.code(404).send({ message: ERROR_MESSAGES.ROUTE_NOT_FOUND, code: 'ROUTE_NOT_FOUND' });
  });
}

/**
 * Fastify's `frameworkErrors`: a path it cannot decode or a path segment over its length
 * limit is answered before any route, hook or error handler. Bad input like any other: 400 in
 * Indonesian. The reply has no route context here, so it is sent as a string.
 */
export function frameworkErrorReply(err: FastifyError, _req: unknown, reply: FastifyReply): void {
  reply.log.info({ code: err.code }, err.message);
  void reply
    .code(ERROR_HTTP_STATUS.VALIDATION_FAILED)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ message: ERROR_MESSAGES.VALIDATION_FAILED, code: 'VALIDATION_FAILED' }));
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a request.
 * A method the parser does not know (`BREW /api/orders`) is an unknown route like any other: the
 * app's 404. Any other malformed request gets the app's 400; a timed-out or oversized head keeps
 * its own status, in the app's shape. The socket is closed after, as Node does.
 */
export function clientErrorReply(this: { log: FastifyInstance['log'] }, err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code]: [number, ErrorCode] =
    err.code === 'HPE_INVALID_METHOD'
      ? [ERROR_HTTP_STATUS.ROUTE_NOT_FOUND, 'ROUTE_NOT_FOUND']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'VALIDATION_FAILED']
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'VALIDATION_FAILED']
          : [ERROR_HTTP_STATUS.VALIDATION_FAILED, 'VALIDATION_FAILED'];
  this.log.info({ code: err.code }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ message: ERROR_MESSAGES[code], code });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
