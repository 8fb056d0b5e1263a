import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { pushPolicy, startPushDispatcher, type PushDispatcher } from './dispatcher';
import { fcmSender } from './fcm';
import type { PushSenders } from './sender';
import { webPushSender } from './web-push';

/** The senders this configuration allows: Web Push with a VAPID pair, FCM with a service account. */
export function pushSenders(config: Pick<Config, 'vapid' | 'fcm' | 'FCM_ENDPOINT' | 'PUSH_TIMEOUT_MS'>, send: typeof fetch = fetch): PushSenders {
  return {
    ...(config.vapid ? { webpush: webPushSender(config.vapid, config.PUSH_TIMEOUT_MS, send) } : {}),
    ...(config.fcm ? { fcm: fcmSender(config.fcm, config.FCM_ENDPOINT, config.PUSH_TIMEOUT_MS, send) } : {}),
  };
}

/** The push dispatcher as the server runs it, from config (main.ts; the bench). */
export function startPushes(db: Db, config: Config, log: Pick<FastifyBaseLogger, 'error'>): PushDispatcher {
  return startPushDispatcher({ db, senders: pushSenders(config), policy: pushPolicy(config), pollMs: config.PUSH_POLL_MS, log });
}
