import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, pushConfigSchema, pushDeviceBodySchema, pushDeviceParamsSchema, pushDeviceSchema, pushMuteBodySchema } from '@gerai/contract';
import { principalOf } from '../../platform/auth';
import { access, errorReplies, ok, readReplies } from '../../platform/route-kit';
import { muteKinds, pushConfigFor, removeDevice, subscribeDevice } from './service';

const TAGS = ['push'];

/**
 * A person's devices for push notifications (issue 28). Every route acts on the caller's own devices
 * only: a device id he does not have answers 404 (PUSH_DEVICE_NOT_FOUND), whoever else may have it.
 */
export async function pushRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/push/config',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: TAGS,
        summary: "Push set-up for this person: the server's VAPID public key, whether FCM is available, the kinds he gets and may switch off, his devices",
        response: { 200: envelope(pushConfigSchema), ...readReplies },
      },
    },
    async (req) => ok(await pushConfigFor(app.db, app.config, principalOf(req))),
  );

  app.put(
    '/api/push/devices/:deviceId',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: TAGS,
        summary:
          "Subscribe this device (Web Push: the browser's PushSubscription JSON; FCM: the native host's token) or refresh its subscription. " +
          'An endpoint not on a push service (or not https), keys of the wrong size or encoding are refused (422) and nothing is stored; ' +
          'a subscription another person held on this browser moves to the caller; past the device limit the least recently seen device is replaced.',
        params: pushDeviceParamsSchema,
        body: pushDeviceBodySchema,
        response: { 200: envelope(pushDeviceSchema), ...errorReplies(400, 401, 403, 409, 422) },
      },
    },
    async (req) => ok(await subscribeDevice(app.db, app.config, principalOf(req), req.params.deviceId, req.body)),
  );

  app.patch(
    '/api/push/devices/:deviceId',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: TAGS,
        summary: 'The kinds this device stays quiet for (the whole list); a kind the person may not switch off is refused (422)',
        params: pushDeviceParamsSchema,
        body: pushMuteBodySchema,
        response: { 200: envelope(pushDeviceSchema), ...errorReplies(400, 401, 403, 404, 409, 422) },
      },
    },
    async (req) => ok(await muteKinds(app.db, principalOf(req), req.params.deviceId, req.body.muted)),
  );

  app.delete(
    '/api/push/devices/:deviceId',
    {
      ...access({ auth: 'session' }),
      schema: {
        tags: TAGS,
        summary: 'This device stops getting pushes (the web app calls it when pushes are switched off; sign-out removes the device it names)',
        params: pushDeviceParamsSchema,
        response: { 200: envelope(z.null()), ...errorReplies(400, 401, 403, 404, 409, 422) },
      },
    },
    async (req) => {
      await removeDevice(app.db, principalOf(req), req.params.deviceId);
      return ok(null);
    },
  );
}
