import { z } from 'zod';
import { FIELD_MESSAGES } from '../messages';
import { PUSH_DEVICE_ID_PATTERN, PUSH_LIMITS } from '../push';
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

/** Sign-out: the refresh token as for a refresh, and the device whose pushes stop with it (push.ts). */
export const logoutBodySchema = request(
  z
    .object({
      refreshToken: text({ max: 200, trim: false }).min(1).optional(),
      pushDeviceId: text({ max: PUSH_LIMITS.deviceIdMax }).regex(PUSH_DEVICE_ID_PATTERN).optional(),
    })
    .strict(),
);
