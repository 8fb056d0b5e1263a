import { and, eq, ilike, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { storeSearchPairs } from './schema';

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

/**
 * A word of two characters lower() maps one to one (printable ASCII) is held by a field exactly when the field's
 * lowercase two-letter pieces hold it (migration 0032), so a search of the whole chain by it counts its stores
 * from `store_search_pairs` and, when few stores hold it, finds them from the pieces' GIN index; when at least
 * PAIR_WALK_FROM do, the page walks the stores in code order as a short word's does and fills within a few
 * hundred stores. Any other word under three letters keeps the short word's scan.
 */
export const isPairWord = (text: string) => /^[\x20-\x7e]{2}$/.test(text);
export const PAIR_WALK_FROM = 500;
/** The pieces (`fieldPieces`) hold the word: the word lowercased once per statement, which also keeps its value from the planner, so every word gets the index's plan. */
export const piecesHold = (pieces: SQL, text: Placeholder): SQL => sql`${pieces} @> (select array[lower(${text})])`;
/** The row of `store_search_pairs` that counts the stores holding the word of placeholder `text` in those fields. */
export const piecesCountOf = (fields: 'all' | 'code_name'): SQL =>
  and(eq(storeSearchPairs.fields, fields), eq(storeSearchPairs.pair, sql`lower(${sql.placeholder('text')})`))!;

/** A search box's text as an ILIKE pattern that contains it (trimmed); blank → null, no filter. */
export const likeTerm = (q: string | undefined) => (q?.trim() ? `%${escapeLike(q.trim())}%` : null);
