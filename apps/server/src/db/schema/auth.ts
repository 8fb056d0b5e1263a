import { index, integer, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core';
import { stores } from './catalog';
import { createdAt, tstz } from './_columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    nik: text('nik').notNull().unique(),
    name: text('name').notNull(),
    /** ROLE from @gerai/contract. */
    roleId: smallint('role_id').notNull(),
    /** Home store of staff and store chiefs; null for area supervisors, helpdesk and super users. */
    storeCode: text('store_code').references(() => stores.code),
    /** Store picked in the super-user modal (or by an area supervisor). */
    activeStoreCode: text('active_store_code').references(() => stores.code, { onDelete: 'set null' }),
    /** scrypt$N$r$p$saltB64$hashB64, see db/password.ts. */
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('users_store_code_idx').on(t.storeCode)],
);

/** The stores an area supervisor covers. */
export const userStores = pgTable(
  'user_stores',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeCode: text('store_code')
      .notNull()
      .references(() => stores.code, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storeCode] }), index('user_stores_store_idx').on(t.storeCode)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** All rotations of one sign-in share a family; reuse revokes the family. */
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    replacedBy: text('replaced_by'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);
