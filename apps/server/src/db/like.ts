import { ilike, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';

/** A user's text as a literal inside LIKE / ILIKE: its %, _ and \ match only themselves. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');
/**
 * "contains" searches over a few columns (the store picker, a transfer's receiver) in two kinds, because a prepared
 * read's generic plan cannot see the word: a word too short for a trigram is tested as ilike computes it (lower() of
 * both, which no index offers, so the plan scans rather than walking a trigram index's every entry); a longer one is
 * an ilike the trigram indexes answer. `containsValue` is the placeholder's value for the same kind.
 */
export const isShortWord = (text: string) => text.length < 3;
export const containsWord = (column: AnyColumn, text: Placeholder, short: boolean): SQL =>
  short ? sql`strpos(lower(${column}), lower(${text})) > 0` : ilike(column, text);
export const containsValue = (text: string, short: boolean) => (short ? text : `%${escapeLike(text)}%`);

/** A search box's text as an ILIKE pattern that contains it (trimmed); blank → null, no filter. */
export const likeTerm = (q: string | undefined) => (q?.trim() ? `%${escapeLike(q.trim())}%` : null);
