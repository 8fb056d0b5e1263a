import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../platform/auth';
import type { TokenPair } from '@gerai/contract';

const REFRESH_PATH = '/api/auth';

function secure(config: Config, req: FastifyRequest): boolean {
  if (config.COOKIE_SECURE === 'auto') return req.protocol === 'https';
  return config.COOKIE_SECURE === 'true';
}

/** at/rt as HttpOnly cookies; expiry from the server's epoch seconds (spec §9). */
export function setTokenCookies(reply: FastifyReply, req: FastifyRequest, config: Config, tokens: TokenPair): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: secure(config, req) };
  reply.setCookie(ACCESS_COOKIE, tokens.token, { ...base, path: '/', expires: new Date(tokens.tokenExp * 1000) });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, { ...base, sameSite: 'strict', path: REFRESH_PATH, expires: new Date(tokens.refreshTokenExp * 1000) });
}

export function clearTokenCookies(reply: FastifyReply): void {
  reply.clearCookie(ACCESS_COOKIE, { path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH });
}
