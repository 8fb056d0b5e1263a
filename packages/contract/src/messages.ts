/**
 * Indonesian messages the server sends and the web shows. Error codes are the
 * machine half of every error reply; the web maps a code back to its text here.
 * One module by kind under messages/: the codes' texts, their HTTP statuses, the fields' texts.
 */
export { ERROR_DETAILS, ERROR_MESSAGES, type ErrorCode } from './messages/errors';
export { ERROR_HTTP_STATUS } from './messages/http-status';
export { FIELD_LABELS, FIELD_MESSAGES } from './messages/fields';
// The shell's own few texts live in shell-messages.ts, so the first load does not carry this catalogue.
export { DEFAULT_ERROR_MODAL, SESSION_EXPIRED_MESSAGE, SUCCESS } from './shell-messages';
