import { ERROR_MESSAGES } from '@gerai/contract';
import { isApiError } from '@/shared/api/api-error';
import { id } from '@/shared/i18n/id';

/** What a refused return change says: the contract's sentence for the code, and the server's detail (which line, until when). */
export interface ReturnRefusal {
  code: string;
  message: string;
  /** ERROR_DETAILS / field messages the server sent with it ("… maksimal 2", "… sampai 29 Nov 2026"). */
  details: string[];
}

/**
 * Maps a failed return call to Indonesian by its code (never by the server's text): the
 * contract's message for a code it knows, the connection's own words for no reply.
 */
export function returnRefusal(error: unknown): ReturnRefusal {
  if (!isApiError(error)) return { code: 'UNKNOWN', message: id.errors.unexpected, details: [] };
  if (error.code === 'NETWORK') return { code: error.code, message: id.errors.network, details: [] };
  if (error.code === 'TIMEOUT') return { code: error.code, message: id.errors.timeout, details: [] };
  const known = (ERROR_MESSAGES as Record<string, string>)[error.code];
  const details = (error.details ?? []).map((d) => d.message).filter((m) => m && m !== known);
  return { code: error.code, message: known ?? error.message, details };
}
