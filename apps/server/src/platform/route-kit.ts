import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, preValidationAsyncHookHandler, RouteOptions } from 'fastify';
import { errorReplySchema, SUCCESS, type RoleId } from '@gerai/contract';
import { assertSignedIn } from './auth';
import { checkCsrf } from './csrf';
import { assertRole } from './scope';

/**
 * How a route is reached:
 * - `public`: anyone (sign-in, app config);
 * - `session`: a signed-in member, optionally of at least `minRole`;
 * - `channel`: a sales channel, proven by `verify` (the channels module's HMAC check).
 */
export type Access =
  | { auth: 'public' }
  | { auth: 'session'; minRole?: RoleId }
  | { auth: 'channel'; verify: preValidationAsyncHookHandler };

export interface AccessOptions {
  onRequest: onRequestAsyncHookHandler;
  preValidation?: preValidationAsyncHookHandler;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by the kit once the route's access is proven (session and role, CSRF, or the channel's
     * signature). The Idempotency-Key step refuses to run without it, so no key is ever replayed
     * or stored for a caller the route has not accepted, whatever order hooks are added in.
     */
    accessGranted: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Every hook made by `access`, with what it declares: the start-up check reads it from the route. */
const declared = new WeakMap<object, Access>();

/** The OpenAPI security of a session route; also the document's default. */
export const SESSION_SECURITY: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

/**
 * Declares who may call a route: `app.post(url, { ...access({ auth: 'session' }), schema }, handler)`.
 * The check runs on request, before the body is read, so a caller without the
 * right to the route learns nothing of its body (no 400, no 415): 401 without
 * a session, 403 below `minRole`. Then the CSRF check of a change (channel
 * intake is signed instead, checked in preValidation once the body is read).
 * The Idempotency-Key step runs in preHandler and refuses to run unless the
 * kit marked the request `accessGranted`: no replay before authentication.
 */
export function access(declaration: Access): AccessOptions {
  const onRequest: onRequestAsyncHookHandler = async (req) => {
    if (declaration.auth === 'channel') return;
    if (declaration.auth === 'session') {
      const principal = assertSignedIn(req);
      if (declaration.minRole !== undefined) assertRole(principal, declaration.minRole);
    }
    if (!SAFE_METHODS.has(req.method)) checkCsrf(req, req.server.config.allowedOrigins);
    req.accessGranted = true;
  };
  declared.set(onRequest, declaration);
  if (declaration.auth !== 'channel') return { onRequest };
  // A channel proves itself after the body is read (the signature covers it), before any replay or validation.
  const { verify } = declaration;
  const preValidation: preValidationAsyncHookHandler = async function (req, reply) {
    await verify.call(this, req, reply);
    req.accessGranted = true;
  };
  return { onRequest, preValidation };
}

/**
 * The check the Idempotency-Key step (and anything else that must come after
 * access) runs first: throws when the route's access was not proven, which
 * would be a bug in hook order, never the caller's fault.
 */
export function assertAccessGranted(req: FastifyRequest): void {
  if (!req.accessGranted) throw new Error(`${req.method} ${req.url}: access not proven before a step that needs it`);
}

/** The access a route declared through `access`, or null. */
function declaredAccess(route: Pick<RouteOptions, 'onRequest'>): Access | null {
  const hooks = [route.onRequest ?? []].flat();
  const found = hooks.map((h) => declared.get(h)).filter((a): a is Access => a !== undefined);
  return found.length === 1 ? found[0]! : null;
}

/** The UI of the API document (Swagger UI, hidden from the document itself) is public by nature. */
const DOCS_PREFIX = '/api/docs';

/**
 * Refuses at start-up any API route that did not declare its access through
 * `access`, so none can be added that forgets it. Outside `/api/` is the web
 * app (static files and the client-side routes), public by nature; the
 * document's own hidden UI routes are the one exception inside. Also writes
 * the route's OpenAPI `security` and `x-gerai-access` / `x-gerai-min-role`,
 * so the document says who may call each operation. Install before any route.
 */
export function enforceRouteAccess(app: FastifyInstance): void {
  app.decorateRequest('accessGranted', false);
  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    if (!url.startsWith('/api/')) return;
    const hidden = route.schema?.hide === true;
    const docs = url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);
    const found = declaredAccess(route);
    if (!found) {
      if (hidden && docs) return;
      throw new Error(`Route ${String(route.method)} ${url} must declare who may call it: { ...access({ auth: 'public' | 'session' | 'channel' }), schema }`);
    }
    // The walk over the document is what proves every route's access; a hidden route would escape it.
    if (hidden && !docs) throw new Error(`Route ${String(route.method)} ${url} is hidden from the API document; only ${DOCS_PREFIX} may be`);
    const methods = [route.method].flat().map(String);
    // OpenAPI "x-" extensions reach the document as they are; FastifySchema does not name them.
    route.schema = Object.assign({}, route.schema, {
      response: withPlatformReplies(route.schema?.response, found, methods, url, route.schema ?? {}, Boolean(route.config && 'rateLimit' in route.config)),
      security: found.auth === 'session' ? SESSION_SECURITY : [],
      'x-gerai-access': found.auth,
      ...(found.auth === 'session' && found.minRole !== undefined ? { 'x-gerai-min-role': found.minRole } : {}),
    });
  });
}

/**
 * The statuses the platform itself may answer on a route, whatever its handler does, added to
 * what the route declares so its document lists every status it can answer (decision, issue 25):
 * 400 for a parameter, query, header or body that fails validation (and a malformed Idempotency-Key
 * or JSON document on a change); 401 without a session or a channel's signature; 403 below the
 * route's role or a change's CSRF check; on a change, 413 and 415 for a body too large or of a type
 * it does not read, and 409 / 422 for an Idempotency-Key in use or reused with another body; 429
 * on a rate-limited route.
 */
function withPlatformReplies(
  response: unknown,
  found: Access,
  methods: string[],
  url: string,
  schema: { params?: unknown; querystring?: unknown; body?: unknown; headers?: unknown },
  rateLimited: boolean,
): unknown {
  const declared = (response ?? {}) as Record<string, unknown>;
  const change = methods.some((m) => !SAFE_METHODS.has(m));
  const statuses = new Set<number>();
  if (change || schema.params || schema.querystring || schema.body || schema.headers) statuses.add(400);
  if (found.auth !== 'public') statuses.add(401);
  if ((found.auth === 'session' && found.minRole !== undefined) || (change && found.auth !== 'channel')) statuses.add(403);
  if (change) {
    statuses.add(413);
    statuses.add(415);
    // Sign-in calls carry no Idempotency-Key (their replies set cookies a replay could not repeat).
    if (!url.startsWith('/api/auth/')) {
      statuses.add(409);
      statuses.add(422);
    }
  }
  if (rateLimited) statuses.add(429);
  const added = [...statuses].filter((s) => !(String(s) in declared));
  if (added.length === 0) return response;
  return { ...declared, ...errorReplies(...added) };
}

/** The success envelope `{ message: 'Success', data }`. */
export const ok = <T>(data: T) => ({ message: SUCCESS, data });

/** Error replies (`{ message, code, details? }`) for the given statuses. */
export function errorReplies<const S extends readonly number[]>(...statuses: S): Record<S[number], typeof errorReplySchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorReplySchema])) as Record<S[number], typeof errorReplySchema>;
}

/** A read: bad query or params, no session. */
export const readReplies = errorReplies(400, 401);
/** A read of one thing, which may be missing or in a store the caller cannot see. */
export const findReplies = errorReplies(400, 401, 404);
/** A read restricted to a minimum role. */
export const roleReadReplies = errorReplies(400, 401, 403);
/** A change: bad input, no session, CSRF or role, not found or out of scope, a lost race, a broken rule. */
export const changeReplies = errorReplies(400, 401, 403, 404, 409, 422);
