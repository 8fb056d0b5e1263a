import { z } from 'zod';

export const nikSchema = z.string().trim().regex(/^\d{8,16}$/, 'NIK harus berupa 8–16 digit angka');

export const loginBodySchema = z
  .object({
    nik: nikSchema,
    password: z.string().min(1, 'Kata sandi wajib diisi').max(200),
  })
  .strict();
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Token fields named as the spec names them; expiries in epoch seconds. */
export const tokenPairSchema = z.object({
  token: z.string(),
  tokenExp: z.number().int(),
  refreshToken: z.string(),
  refreshTokenExp: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** Refresh may come from the rt cookie (web) or the body (native host). */
export const refreshBodySchema = z.object({ refreshToken: z.string().min(1).optional() }).strict();
