/** A user's text as a literal inside LIKE / ILIKE: its %, _ and \ match only themselves. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');
/** A search box's text as an ILIKE pattern that contains it (trimmed); blank → null, no filter. */
export const likeTerm = (q: string | undefined) => (q?.trim() ? `%${escapeLike(q.trim())}%` : null);
