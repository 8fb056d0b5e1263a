/**
 * Every API reply names the request it answers in this header (errors and unknown addresses too), and
 * the audit row of a change keeps the same id: a support person told the id finds the server's log line
 * and what the request changed. An incoming value is kept when it matches REQUEST_ID_PATTERN (a load
 * balancer's or a channel's own id), so one id follows a request through every hop; anything else is
 * replaced by a fresh one.
 */
export const REQUEST_ID_HEADER = 'x-request-id';
/** A short token safe to write into a log line and a header as it is: nothing to escape, nothing personal. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
