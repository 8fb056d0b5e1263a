import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

export const CSRF_HEADER = 'x-requested-with';

/**
 * Cookies are SameSite=Lax; on top of that a browser's state-changing request
 * must come from our own origin and, when it rides on cookies, carry a custom
 * header that a cross-site form cannot set without a CORS preflight we never grant.
 * Run by the route kit for every change after authentication; channel intake is HMAC-signed instead.
 */
export function checkCsrf(req: FastifyRequest, allowedOrigins: string[]): void {
  const origin = req.headers.origin;
  if (origin && !isAllowedOrigin(origin, req.headers.host, allowedOrigins)) {
    throw new AppError('CSRF_REJECTED');
  }
  const usesCookies = req.authVia === 'cookie' || (!req.headers.authorization && Boolean(req.cookies.rt));
  if (usesCookies && !req.headers[CSRF_HEADER]) throw new AppError('CSRF_REJECTED');
}

function isAllowedOrigin(origin: string, host: string | undefined, allowed: string[]): boolean {
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
