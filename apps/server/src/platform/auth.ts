import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { loadPrincipal, type Principal } from './principal';
import { verifyAccessToken } from './tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who a user id is, cached briefly: every request needs it, it rarely changes. */
    principals: LRUCache<number, Principal>;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** How the caller authenticated; cookie callers get the CSRF check. */
    authVia: 'cookie' | 'bearer' | null;
  }
}

export const ACCESS_COOKIE = 'at';
export const REFRESH_COOKIE = 'rt';

function readAccessToken(req: FastifyRequest): { token: string; via: 'cookie' | 'bearer' } | null {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return { token: header.slice(7).trim(), via: 'bearer' };
  const cookie = req.cookies[ACCESS_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : null;
}

/** Resolves the caller on every request; each route declares whether it requires one (route-kit.ts). */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('principal', null);
  app.decorateRequest('authVia', null);
  // Five seconds bounds how long another process may serve a store change it has not seen.
  app.decorate('principals', new LRUCache<number, Principal>({ max: 10_000, ttl: 5_000 }));
  app.addHook('onRequest', async (req) => {
    const found = readAccessToken(req);
    if (!found) return;
    const claims = await verifyAccessToken(found.token, app.config.JWT_SECRET);
    if (!claims) {
      // A bad bearer token is an error; a stale cookie just means "not signed in".
      if (found.via === 'bearer') req.authVia = 'bearer';
      return;
    }
    let principal = app.principals.get(claims.userId);
    if (!principal) {
      principal = (await loadPrincipal(app.db, claims.userId)) ?? undefined;
      if (!principal) return;
      app.principals.set(claims.userId, principal);
    }
    req.principal = principal;
    req.authVia = found.via;
  });
});

/**
 * The caller of a session route, or 401: TOKEN_INVALID when a token was sent
 * but did not resolve to a member, UNAUTHENTICATED when none was. Called by
 * the route kit's `access({ auth: 'session' })` on request.
 */
export function assertSignedIn(req: FastifyRequest): Principal {
  if (req.principal) return req.principal;
  const sentToken = Boolean(req.headers.authorization || req.cookies[ACCESS_COOKIE]);
  throw new AppError(sentToken ? 'TOKEN_INVALID' : 'UNAUTHENTICATED');
}

/** The caller of a route declared `access({ auth: 'session' })`. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw new AppError('UNAUTHENTICATED');
  return req.principal;
}
