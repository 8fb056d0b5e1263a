import { ERROR_MESSAGES, type ErrorCode } from '@gerai/contract/messages';
import { id } from '../i18n/id';
import { errorToModal } from '../modal/error-to-modal';
import type { CloseType, ModalImageType, ModalInput } from '../modal/modal-types';
import { isApiError, type ApiError } from './api-error';

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

// --- refusal tables ------------------------------------------------------------------------------

/**
 * Where a refusal is said: the spec's error modal; under the form, next to its button (SubmitAlert,
 * decision 112); on one field; on the list lines it names by id (`details[].productId`); a toast.
 */
export type RefusalShow = 'modal' | 'form' | 'field' | 'line' | 'toast';

/**
 * Which words a refusal shows, when the table gives no text of its own:
 * - `code`: the contract's sentence for the code;
 * - `particulars`: that sentence, then the server's particulars (ERROR_DETAILS, field messages);
 * - `details`: the particulars alone when there are any, else the server's own message when it says
 *   more than the code's sentence, else the sentence;
 * - `field`: the first field message, else the code's sentence;
 * - `server`: the reply's message as sent (it is Indonesian, by code, and may name what changed).
 */
export type RefusalWords = 'code' | 'particulars' | 'details' | 'field' | 'server';

export interface RefusalEntry {
  show: RefusalShow;
  /** A screen's own text (from the area's i18n) or which of the server's words; default `particulars`. */
  words?: string | RefusalWords;
  /** show 'field': the body field it concerns (`receiverStoreCode`, `note`). */
  field?: string;
  /** show 'modal': its title (default: the spec's default title), picture and what closing it does. */
  title?: string;
  imageType?: ModalImageType;
  close?: CloseType;
  /** show 'modal': its button's words (default: the spec's default button). */
  button?: string;
}

/** An area's refusals: every code its calls can get, with its words and place. One file per area: `features/<area>/refusals.ts`. */
export type RefusalTable<E extends RefusalEntry = RefusalEntry> = { readonly [C in ErrorCode]?: E };

/** The codes whose entry in any of `tables` says `which` (the stale ones an area's plan reads again after). */
export function codesOf<E extends RefusalEntry>(tables: readonly RefusalTable<E>[], which: (entry: E) => boolean): ErrorCode[] {
  const codes = tables.flatMap((table) => (Object.entries(table) as [ErrorCode, E | undefined][]).filter(([, entry]) => entry !== undefined && which(entry)).map(([code]) => code));
  return [...new Set(codes)];
}

/** A refusal as a screen shows it: where, in which words, and the lines it names. */
export interface SaidRefusal extends Omit<RefusalEntry, 'words'> {
  code: string;
  /** In the table (else the screen's fallback decided). */
  known: boolean;
  /** No reply, a gateway page: the connection's words, never a table's. */
  clientSide: boolean;
  /** The entry named no words: a modal keeps the spec's default modal text (the "Error:" prefix rule). */
  plain: boolean;
  text: string;
  /** show 'line': each named line's words, by its id (`details[].productId`), never by the text. */
  lines: Record<string, string>;
}

const wordsOf = (words: RefusalWords, error: unknown): string => {
  const r = refusalOf(error);
  if (!isApiError(error) || error.isClientSide) return r.message;
  switch (words) {
    case 'code':
      return r.message;
    case 'field':
      return error.details?.[0]?.message || r.message;
    case 'server':
      return error.message.trim() || r.message;
    case 'details': {
      const details = (error.details ?? []).map((d) => d.message).filter(Boolean);
      if (details.length > 0) return details.join('\n');
      return error.message && error.message !== r.message ? error.message : r.message;
    }
    default:
      return [r.message, ...r.details].join('\n');
  }
};

const WORD_RULES: readonly string[] = ['code', 'particulars', 'details', 'field', 'server'] satisfies RefusalWords[];

/** The lines a refusal names by id: each detail that carries one, its message on that line (two on one line joined). */
export function linesOf(error: ApiError, isLine: (lineId: string) => boolean = () => true): Record<string, string> {
  const lines: Record<string, string> = {};
  for (const d of error.details ?? []) {
    if (!d.message || d.productId === undefined || !isLine(d.productId)) continue;
    lines[d.productId] = lines[d.productId] ? `${lines[d.productId]}\n${d.message}` : d.message;
  }
  return lines;
}

/**
 * Reads a refusal through its area's table: the entry for its code, else `otherwise` (what the screen
 * does with a code no table names: platform codes, no reply). Every screen says a refusal this way.
 */
export function sayRefusal(table: RefusalTable, error: unknown, otherwise: RefusalEntry = { show: 'modal' }): SaidRefusal {
  const clientSide = !isApiError(error) || error.isClientSide;
  const code = isApiError(error) ? error.code : 'UNKNOWN';
  const found = clientSide ? undefined : table[code as ErrorCode];
  const entry = found ?? otherwise;
  const { words = 'particulars', ...place } = entry;
  const text = WORD_RULES.includes(words) || clientSide ? wordsOf(words as RefusalWords, error) : words;
  return { ...place, code, known: found !== undefined, clientSide, plain: entry.words === undefined, text, lines: isApiError(error) ? linesOf(error) : {} };
}

/**
 * The spec's error modal of a refusal: the table's title, picture and close type over the default
 * modal, with the refusal's words; no reply or a gateway page keeps the default modal's words.
 */
export function refusalModal(said: SaidRefusal, error: unknown, actionsType: CloseType = said.close ?? 'close-modal', payload: Record<string, string> = {}): ModalInput {
  const base = errorToModal(error, actionsType, payload);
  if (said.clientSide) return base;
  return { ...base, ...(said.title ? { title: said.title } : {}), ...(said.imageType ? { imageType: said.imageType } : {}), ...(said.button ? { buttonText: said.button } : {}), message: said.plain ? base.message : said.text };
}

/** The table's modal for a refusal, in one call (a screen whose every refusal is a modal). */
export function refusalModalOf(table: RefusalTable, error: unknown, otherwise?: RefusalEntry, actionsType?: CloseType, payload?: Record<string, string>): ModalInput {
  return refusalModal(sayRefusal(table, error, otherwise), error, actionsType, payload);
}
