/** A user's text as a literal inside LIKE / ILIKE: its %, _ and \ match only themselves. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');
