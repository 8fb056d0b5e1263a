// The push area's public surface (issue 28). Other areas (and app.ts, main.ts) import only this file
// (eslint.config.js refuses a path into modules/push/ from outside it).
export { dispatchDuePushes, pushPolicy, startPushDispatcher, type PushDispatcher, type PushDispatchResult, type PushPolicy } from './dispatcher';
export { fcmSender } from './fcm';
export { queuePushes } from './outbox';
export { mayPush, PUSHING_EVENT_TYPES } from './plan';
export { purgeOldPushes } from './purge';
export { removeDeviceIn } from './service';
export type { PushSender, PushSenders } from './sender';
export { webPushSender } from './web-push';
export { pushRoutes } from './routes';
export { startPushService, type PushService, type ReceivedPush } from './local-push-service';
export { pushSenders, startPushes } from './start';
