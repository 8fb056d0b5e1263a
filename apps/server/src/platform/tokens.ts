import { createHash, createSecretKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import type { RoleId } from '@gerai/contract';

export interface AccessClaims {
  userId: number;
  nik: string;
  roleId: RoleId;
}

const ISSUER = 'gerai';

/** Importing the HMAC key costs more than the signature itself, so each secret is imported once. */
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/**
 * Tokens already verified, until they expire: a phone sends the same token
 * with every request for its whole lifetime, and an access token cannot be
 * revoked before its expiry anyway (sign-out revokes the refresh token).
 * Keyed by secret and token, so a rotated secret verifies again.
 */
const verified = new LRUCache<string, { claims: AccessClaims; expMs: number }>({ max: 20_000 });

export async function signAccessToken(claims: AccessClaims, secret: string, ttlSeconds: number, now = Date.now()) {
  const exp = Math.floor(now / 1000) + ttlSeconds;
  const token = await new SignJWT({ nik: claims.nik, role: claims.roleId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(exp)
    .sign(keyOf(secret));
  return { token, tokenExp: exp };
}

/** Returns the claims, or null for any invalid or expired token. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims | null> {
  const cacheKey = `${secret.length}:${secret}\n${token}`;
  const hit = verified.get(cacheKey);
  if (hit) {
    if (hit.expMs > Date.now()) return hit.claims;
    verified.delete(cacheKey);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.nik !== 'string' || typeof payload.role !== 'number' || typeof payload.exp !== 'number') return null;
    const claims: AccessClaims = { userId, nik: payload.nik, roleId: payload.role as RoleId };
    verified.set(cacheKey, { claims, expMs: payload.exp * 1000 });
    return claims;
  } catch {
    return null;
  }
}

/** Refresh tokens are opaque "<id>.<secret>"; only a hash of the whole is stored. */
export function newRefreshToken() {
  const id = randomUUID();
  const token = `${id}.${randomBytes(32).toString('base64url')}`;
  return { id, token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function refreshTokenId(token: string): string | null {
  const id = token.split('.')[0];
  return id && /^[0-9a-f-]{36}$/.test(id) ? id : null;
}
