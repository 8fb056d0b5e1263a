import { and, eq, isNull } from 'drizzle-orm';
import type { RoleId, TokenPair } from '@gerai/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { verifyPassword } from '../../db/password';
import { refreshTokens, users } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { writeAudit } from '../../platform/audit';
import { removeDeviceIn } from '../push';
import { hashRefreshToken, newRefreshToken, refreshTokenId, signAccessToken } from '../../platform/tokens';

export interface IssuedTokens extends TokenPair {
  userId: number;
}

async function issueTokens(
  db: Db,
  config: Config,
  user: { id: number; nik: string; roleId: number },
  familyId: string | null,
  userAgent: string | null,
): Promise<IssuedTokens & { refreshRowId: string }> {
  const now = Date.now();
  const access = await signAccessToken({ userId: user.id, nik: user.nik, roleId: user.roleId as RoleId }, config.JWT_SECRET, config.ACCESS_TOKEN_TTL_SECONDS, now);
  const refresh = newRefreshToken();
  const refreshTokenExp = Math.floor(now / 1000) + config.REFRESH_TOKEN_TTL_SECONDS;
  await db.insert(refreshTokens).values({
    id: refresh.id,
    userId: user.id,
    familyId: familyId ?? refresh.id,
    tokenHash: refresh.hash,
    expiresAt: new Date(refreshTokenExp * 1000),
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return { ...access, refreshToken: refresh.token, refreshTokenExp, userId: user.id, refreshRowId: refresh.id };
}

export async function login(db: Db, config: Config, nik: string, password: string, userAgent: string | null): Promise<IssuedTokens> {
  const [user] = await db.select().from(users).where(eq(users.nik, nik)).limit(1);
  // Verify against a dummy hash when the NIK is unknown, so timing does not reveal which NIKs exist.
  const ok = verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) {
    await writeAudit(db, { actorUserId: user?.id ?? null, entity: 'user', entityId: nik, action: 'login_failed' });
    throw new AppError('INVALID_CREDENTIALS');
  }
  const issued = await issueTokens(db, config, user, null, userAgent);
  await writeAudit(db, { actorUserId: user.id, entity: 'user', entityId: nik, action: 'login' });
  return issued;
}

/**
 * Rotates a refresh token. A token that was already rotated is a sign of theft:
 * its whole family is revoked and the caller must sign in again.
 */
export async function refresh(db: Db, config: Config, token: string, userAgent: string | null): Promise<IssuedTokens> {
  const id = refreshTokenId(token);
  if (!id) throw new AppError('TOKEN_INVALID');
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id)).limit(1);
  if (!row || row.tokenHash !== hashRefreshToken(token)) throw new AppError('TOKEN_INVALID');
  if (row.revokedAt) {
    await revokeFamily(db, row.familyId);
    await writeAudit(db, { actorUserId: row.userId, entity: 'refresh_token', entityId: row.familyId, action: 'reuse_detected' });
    throw new AppError('REFRESH_TOKEN_REUSED');
  }
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('TOKEN_INVALID');
  const [user] = await db.select().from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user) throw new AppError('TOKEN_INVALID');

  return db.transaction(async (tx) => {
    // Compare-and-set: of two refreshes racing with one token, only one rotates it.
    const claimed = await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) throw new AppError('REFRESH_TOKEN_REUSED');
    const issued = await issueTokens(tx as unknown as Db, config, user, row.familyId, userAgent);
    await tx.update(refreshTokens).set({ replacedBy: issued.refreshRowId }).where(eq(refreshTokens.id, id));
    return issued;
  });
}

/**
 * Revokes the refresh token's family; the push device named stops getting this person's pushes (the
 * person the token or the session proves: a device of someone else is never touched).
 */
export async function logout(db: Db, token: string | undefined, actorUserId: number | null, pushDeviceId?: string): Promise<void> {
  const id = token ? refreshTokenId(token) : null;
  const [row] = id && token ? await db.select().from(refreshTokens).where(eq(refreshTokens.id, id)).limit(1) : [];
  const valid = row && row.tokenHash === hashRefreshToken(token!) ? row : null;
  const userId = valid?.userId ?? actorUserId;
  if (pushDeviceId && userId !== null) await removeDeviceIn(db, userId, pushDeviceId);
  if (!valid) return;
  await revokeFamily(db, valid.familyId);
  await writeAudit(db, { actorUserId: actorUserId ?? valid.userId, entity: 'user', entityId: String(valid.userId), action: 'logout' });
}

async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

// A valid scrypt hash of a random string; never matches a real password.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
