import { z } from 'zod';
import { FIELD_MESSAGES } from '../messages';
import { request, text } from './primitives';

export const nikSchema = text({ max: 16 }).regex(/^\d{8,16}$/, FIELD_MESSAGES.nikInvalid);

export const loginBodySchema = request(
  z
    .object({
      nik: nikSchema,
      password: text({ max: 200, trim: false }).min(1, FIELD_MESSAGES.passwordRequired),
    })
    .strict(),
);
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
export const refreshBodySchema = request(z.object({ refreshToken: text({ max: 200, trim: false }).min(1).optional() }).strict());
