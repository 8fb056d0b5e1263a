import { ERROR_MESSAGES } from '@gerai/contract/messages';
import { id } from '../i18n/id';
import { isApiError } from './api-error';

/** What a refused call says: the contract's sentence for the code, and the server's particulars. */
export interface Refusal {
  code: string;
  message: string;
  /** ERROR_DETAILS / field messages sent with it ("Stok T002 tinggal 1 …", "… maksimal 2"). */
  details: string[];
}

/**
 * Maps a failed call to Indonesian by its code (never by the server's text): the contract's message
 * for a code it knows, the connection's own words for no reply. Pages only: the catalogue it reads
 * stays out of the first load.
 */
export function refusalOf(error: unknown): Refusal {
  if (!isApiError(error)) return { code: 'UNKNOWN', message: id.errors.unexpected, details: [] };
  if (error.code === 'NETWORK') return { code: error.code, message: id.errors.network, details: [] };
  if (error.code === 'TIMEOUT') return { code: error.code, message: id.errors.timeout, details: [] };
  const known = (ERROR_MESSAGES as Record<string, string>)[error.code];
  const details = (error.details ?? []).map((d) => d.message).filter((m) => m && m !== known);
  return { code: error.code, message: known ?? error.message, details };
}

/** The refusal as one text: the code's sentence, then what the server added. */
export const refusalText = (error: unknown) => {
  const r = refusalOf(error);
  return [r.message, ...r.details].join('\n');
};
