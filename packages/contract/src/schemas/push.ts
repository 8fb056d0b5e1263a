import { z } from 'zod';
import {
  BASE64URL_PATTERN,
  FCM_TOKEN_PATTERN,
  PUSH_DEVICE_ID_PATTERN,
  PUSH_KINDS,
  PUSH_LIMITS,
  PUSH_TRANSPORTS,
} from '../push';
import { decimal, request, text } from './primitives';

// Push notifications (issue 28): the device routes under /api/push. A device is one phone (or
// browser) of one person: the phone names it (`deviceId`, kept in its storage), and it receives
// either Web Push (the browser's subscription) or FCM (the native host's token).

const base64url = (max: number, error: string) => text({ max, trim: false }).regex(BASE64URL_PATTERN, error);

export const pushDeviceParamsSchema = request(
  z.object({ deviceId: text({ max: PUSH_LIMITS.deviceIdMax }).regex(PUSH_DEVICE_ID_PATTERN, 'Id perangkat tidak valid (8–64 huruf, angka, - atau _)') }),
);

/** A browser's PushSubscription as `toJSON()` gives it (expirationTime is ignored: push services renew in place). */
export const webPushSubscriptionSchema = z
  .object({
    transport: z.literal('webpush'),
    endpoint: text({ max: PUSH_LIMITS.endpointMax, trim: false }).min(1, 'Alamat layanan notifikasi wajib diisi'),
    keys: z
      .object({
        // 65 bytes in base64url are 87 characters (88 padded); 16 bytes are 22 (24 padded). Longer is refused here, the exact size by the server.
        p256dh: base64url(100, 'Kunci p256dh harus base64url'),
        auth: base64url(40, 'Kunci auth harus base64url'),
      })
      .strict(),
    // Epoch milliseconds (a number past int4): read and ignored.
    expirationTime: decimal({ min: 0, max: 8.64e15 }).nullable().optional(),
  })
  .strict();

/** The native host's FCM registration token (the bridge hands it over). */
export const fcmSubscriptionSchema = z
  .object({
    transport: z.literal('fcm'),
    token: text({ max: PUSH_LIMITS.fcmTokenMax, trim: false }).min(20, 'Token FCM terlalu pendek').regex(FCM_TOKEN_PATTERN, 'Token FCM berisi karakter yang tidak valid'),
  })
  .strict();

/** PUT /api/push/devices/:deviceId: subscribe this device, or refresh its subscription (the last seen time too). */
export const pushDeviceBodySchema = request(z.discriminatedUnion('transport', [webPushSubscriptionSchema, fcmSubscriptionSchema]));
export type PushDeviceBody = z.infer<typeof pushDeviceBodySchema>;

/** PATCH /api/push/devices/:deviceId: the kinds this device stays quiet for (the whole list). */
export const pushMuteBodySchema = request(z.object({ muted: z.array(z.enum(PUSH_KINDS)).max(PUSH_KINDS.length) }).strict());
export type PushMuteBody = z.infer<typeof pushMuteBodySchema>;

export const pushDeviceSchema = z.object({
  deviceId: z.string(),
  transport: z.enum(PUSH_TRANSPORTS),
  muted: z.array(z.enum(PUSH_KINDS)),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

/** GET /api/push/config: what this server sends and what this person may get and switch off. */
export const pushConfigSchema = z.object({
  /** The VAPID public key (base64url, uncompressed P-256) for PushManager.subscribe's applicationServerKey; null: Web Push is not configured on this server. */
  vapidPublicKey: z.string().nullable(),
  /** Whether the server can send to a native host's FCM token. */
  fcm: z.boolean(),
  /** The kinds this person gets (by role), and those of them he may switch off per device. */
  kinds: z.array(z.enum(PUSH_KINDS)),
  mutable: z.array(z.enum(PUSH_KINDS)),
  devicesMax: z.number().int(),
  /** This person's devices, the most recently seen first. */
  devices: z.array(pushDeviceSchema),
});
export type PushConfig = z.infer<typeof pushConfigSchema>;
