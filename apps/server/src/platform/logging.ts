import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pino, type DestinationStream, type LoggerOptions } from 'pino';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { REQUEST_ID_HEADER, REQUEST_ID_PATTERN } from '@gerai/contract';
import type { Config } from '../config';

/**
 * The request's id: the incoming X-Request-Id when it is a short safe token (a load balancer's or a
 * channel's own id, so one id follows the request through every hop), otherwise a fresh UUID. Anything
 * longer or with other characters is replaced, never trusted into a log line or a header.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

/** Fastify's options for ids and request logs: one line per finished request (onResponse below), no "incoming request" line. */
export const REQUEST_LOG_OPTIONS = {
  genReqId: requestIdOf,
  logController: new LogController({ requestIdLogLabel: 'requestId', disableRequestLogging: true }),
} satisfies Partial<FastifyServerOptions>;

type FrameworkErrors = NonNullable<FastifyServerOptions['frameworkErrors']>;

/** Fastify's `frameworkErrors` (a URL it cannot decode) is answered before any hook: the reply still names its request. */
export function namingRequest(handler: FrameworkErrors): FrameworkErrors {
  return (err, req, reply) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, req.id);
    return handler(err, req, reply);
  };
}

/**
 * Paths no line may carry, whoever logs them: secrets (passwords, PINs, tokens, cookies, push keys) and
 * personal data (phone numbers, addresses). The serializers below already write no body and no header;
 * this catches an object logged by hand. Fixed paths only: a wildcard (`*.phone`) makes fast-redact walk
 * every line's keys, about 16 µs a line against under 1 µs for these (bench/cost.ts's floor is ~600 µs).
 */
export const REDACTED_PATHS = [
  'url',
  'headers',
  'body',
  'password',
  'pin',
  'token',
  'refreshToken',
  'cookie',
  'authorization',
  'phone',
  'address',
  'endpoint',
  'keys',
  'req.url',
  'req.headers',
  'req.body',
  'res.headers',
  'customer.phone',
  'customer.address',
];

/**
 * A message without the values it may quote: Drizzle writes a failed query's bound values after
 * "params:", and PostgreSQL quotes a refused value ('value "0812…" is out of range for type integer')
 * as it quotes names, so a database error's quoted parts all go (its constraint, table and column
 * are written as fields of their own).
 */
export function safeMessage(message: string, fromDatabase = false): string {
  const at = message.indexOf('\nparams:');
  const text = at === -1 ? message : message.slice(0, at);
  return fromDatabase ? text.replace(/"[^"]*"/g, '"…"') : text;
}

/** Names of database objects and codes, never values: a driver's `detail` ("Key (phone)=(08…)") stays out. */
const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'constraint', 'table', 'column', 'routine', 'severity'] as const;

/**
 * An error as a log line holds it: its type, message (without bound values), the stack's frames (the
 * stack's first line repeats the message, values included, so only "at …" lines are kept), the safe
 * fields and its causes. No other property: an error may carry a request, a body or a database row.
 */
export function serializeError(err: unknown, depth = 0): Record<string, unknown> {
  if (!(err instanceof Error)) return { type: typeof err };
  const fields = err as unknown as Record<string, unknown>;
  const fromDatabase = typeof fields.severity === 'string' && typeof fields.code === 'string';
  const out: Record<string, unknown> = { type: err.constructor.name, message: safeMessage(err.message, fromDatabase) };
  if (err.stack) out.stack = err.stack.split('\n').filter((line) => /^\s+at /.test(line)).join('\n');
  for (const field of SAFE_ERROR_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (err.cause !== undefined && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** What `{ req }` and `{ res }` write if anyone logs them: never the URL (ids, a search by phone), a header or a body. */
const serializers = {
  req: (req: FastifyRequest) => ({ method: req.method, route: req.routeOptions?.url ?? null }),
  res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
  err: serializeError,
};

/**
 * Where production lines go: stdout, written asynchronously in blocks of 4 KB at least (a write
 * syscall per request costs more than the line; a slow reader of stdout, journald, never stalls
 * requests). A quiet server still shows a line within a second (the timer below); pino writes what is
 * left on exit. A SIGKILL may lose the last second of lines. `to`: a file descriptor or path (the bench's).
 */
export function productionDestination(to: number | string = 1): DestinationStream {
  const dest = pino.destination({ dest: to, sync: false, minLength: 4096 });
  setInterval(() => {
    // flush() throws while the stream is still opening or once it has ended; the next tick tries again.
    try {
      dest.flush();
    } catch {
      // nothing to do
    }
  }, 1000).unref();
  return dest;
}

export interface LoggerChoice {
  /** A stream of its own (a test's capture); otherwise stdout, as `productionDestination` in production and synchronous elsewhere. */
  stream?: DestinationStream;
  /** Human-readable lines for a developer's terminal (pino-pretty), never in production. */
  pretty?: boolean;
}

/** The app's logger: JSON lines at LOG_LEVEL, redacted, with the serializers above. */
export function loggerOptions(config: Pick<Config, 'LOG_LEVEL' | 'NODE_ENV'>, choice: LoggerChoice = {}): LoggerOptions & { stream?: DestinationStream } {
  const base: LoggerOptions = { level: config.LOG_LEVEL, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, serializers };
  if (choice.stream) return { ...base, stream: choice.stream };
  if (choice.pretty) return { ...base, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } };
  if (config.NODE_ENV === 'production') return { ...base, stream: productionDestination() };
  return base;
}

/**
 * The request being handled, for the audit row of the change it makes (recordChange, writeAudit):
 * set around the handler, as the Idempotency-Key is (decision 80), so no service passes it down.
 */
const requestInHand = new AsyncLocalStorage<string>();

/** The id of the request whose handler is running here; null in background work (outbox, sweeps, escalations). */
export function currentRequestId(): string | null {
  return requestInHand.getStore() ?? null;
}

/** Runs `work` as background work: what it starts keeps no request id, even when a request's change set it off. */
export function outsideRequest<A extends unknown[]>(work: (...args: A) => void): (...args: A) => void {
  return (...args) => requestInHand.exit(() => work(...args));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Why the error handler refused the request: written on the request's own line, so a 4xx costs no second line. */
    refusal: Refusal | null;
  }
}

/** A refusal as the request's line carries it: the app's error code, a few named fields (never a value sent), and warn for what operators watch. */
export interface Refusal {
  code: string;
  fields?: Record<string, unknown>;
  level?: 'info' | 'warn';
}

/** Called by the error handler for a reply below 500 (or a planned 503): the request's one line says why. */
export function noteRefusal(req: FastifyRequest, refusal: Refusal): void {
  req.refusal = refusal;
}

/**
 * Every reply names its request (X-Request-Id, set first so errors and unknown addresses carry it),
 * the handler runs with the id in hand, and a finished request writes one line: its id (the logger's
 * binding), route pattern, method, status, duration and the signed-in actor. 5xx lines are errors;
 * their stack is in the error handler's line of the same request id.
 */
export function registerRequestLogging(app: FastifyInstance): void {
  app.decorateRequest('refusal', null);
  app.addHook('onRequest', (req, reply, done) => {
    // On the raw response: a reply the route writes itself (the event stream, hijacked) carries it too.
    reply.raw.setHeader(REQUEST_ID_HEADER, req.id);
    done();
  });
  // preHandler, not onRequest: a body is read in between by stream callbacks, which do not keep the context.
  app.addHook('preHandler', (req, _reply, done) => requestInHand.run(req.id, done));
  app.addHook('onResponse', (req, reply, done) => {
    const status = reply.statusCode;
    const p = req.principal;
    const refusal = req.refusal;
    const line = {
      route: req.routeOptions.url ?? null,
      method: req.method,
      status,
      ms: Math.round(reply.elapsedTime * 100) / 100,
      userId: p?.userId ?? null,
      storeCode: p?.activeStoreCode ?? null,
      ...(refusal ? { code: refusal.code, ...refusal.fields } : {}),
    };
    if (status >= 500 && refusal?.level !== 'warn') req.log.error(line, 'request failed');
    else if (refusal?.level === 'warn') req.log.warn(line, 'request');
    else req.log.info(line, 'request');
    done();
  });
}
