import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_HTTP_STATUS, ERROR_MESSAGES, type ErrorCode } from '@gerai/contract';

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

function issuePath(instancePath: string | undefined, extra: unknown): string {
  const base = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return base || (typeof extra === 'string' ? extra : '');
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError & { details?: ErrorDetail[] }, req, reply) => {
    if (err instanceof AppError) {
      if (err.statusCode >= 500) req.log.error({ err }, 'request failed');
      else req.log.info({ code: err.code, status: err.statusCode }, err.message);
      return reply.code(err.statusCode).send({ message: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const context = err.validationContext ?? 'body';
      const details = err.validation.map((v) => ({
        path: [context, issuePath(v.instancePath, undefined)].filter(Boolean).join('.'),
        message: v.message ?? ERROR_MESSAGES.VALIDATION_FAILED,
      }));
      req.log.info({ details }, 'validation failed');
      return reply.code(400).send({ message: ERROR_MESSAGES.VALIDATION_FAILED, code: 'VALIDATION_FAILED', details });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ message: ERROR_MESSAGES.INTERNAL, code: 'INTERNAL' });
    }
    const mapped = err.code ? FASTIFY_CODES[err.code] : undefined;
    const status = err.statusCode ?? 500;
    if (mapped) {
      req.log.info({ code: err.code }, err.message);
      return reply.code(ERROR_HTTP_STATUS[mapped] ?? status).send({ message: ERROR_MESSAGES[mapped], code: mapped });
    }
    if (status < 500) {
      req.log.info({ code: err.code, status }, err.message);
      // Messages below 500 are ours or Fastify's; only ours are Indonesian, so use the generic text.
      return reply.code(status).send({ message: ERROR_MESSAGES.VALIDATION_FAILED, code: err.code ?? 'BAD_REQUEST' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: ERROR_MESSAGES.INTERNAL, code: 'INTERNAL' });
  });

  app.setNotFoundHandler((req, reply) => {
    req.log.info({ url: req.url }, 'route not found');
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
