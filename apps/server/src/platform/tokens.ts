import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { RoleId } from '@gerai/contract';

export interface AccessClaims {
  userId: number;
  nik: string;
  roleId: RoleId;
}

const ISSUER = 'gerai';

export async function signAccessToken(claims: AccessClaims, secret: string, ttlSeconds: number, now = Date.now()) {
  const exp = Math.floor(now / 1000) + ttlSeconds;
  const token = await new SignJWT({ nik: claims.nik, role: claims.roleId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));
  return { token, tokenExp: exp };
}

/** Returns the claims, or null for any invalid or expired token. */
export async function verifyAccessToken(token: string, secret: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.nik !== 'string' || typeof payload.role !== 'number') return null;
    return { userId, nik: payload.nik, roleId: payload.role as RoleId };
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
