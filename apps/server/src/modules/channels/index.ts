// The channels area's public surface. Other areas import only this file
// (eslint.config.js refuses a path into modules/channels/ from outside it).
export {
  backoffSeconds,
  channelTransport,
  dispatchDueNotices,
  enqueueChannelNotice,
  noticePolicy,
  startChannelNotices,
  startNoticeDispatcher,
  type ChannelNoticeInput,
  type NoticeDispatcher,
  type NoticeOutcome,
  type NoticeOutcomes,
  type NoticePolicy,
  type NoticeTransport,
  type OutgoingNotice,
} from './notices';
export { channelOf, channelSigned, registerSignedJson } from './routes';
export { SIGNATURE_HEADER, signBody } from './signature';
