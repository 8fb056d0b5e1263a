import { z } from 'zod';
import { storePlaceFields } from './common';
import { request, text } from './primitives';

export const storeSchema = z.object({
  ...storePlaceFields,
  latitude: z.number(),
  longitude: z.number(),
  phone: z.string().nullable(),
});
export type Store = z.infer<typeof storeSchema>;

export const memberSchema = z.object({
  nik: z.string(),
  employeName: z.string(),
  roleID: z.number().int(),
  roleName: z.string(),
  /** Second and third words of the store's name (spec section 3). */
  storeName: z.string().nullable(),
  store: storeSchema.nullable(),
  /** Store codes this member may act on; empty for helpdesk, all for super user. */
  storeCodes: z.array(z.string()),
  info: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

/** Any text of a store code's length: an unknown or hidden store answers 404, as before. */
export const selectStoreBodySchema = request(z.object({ storeCode: text({ max: 10 }).min(1) }).strict());
