/**
 * How far the events go that this page's first reads reflect (the server's EVENT_CURSOR_HEADER on
 * each read): the lowest one, so a stream that opens after those reads, with no resume point of its
 * own, starts from there and nothing that happened in between (a new order) goes unheard. Only a
 * recent one counts, as for the stream's resume point: after longer the screens read everything again.
 */
let lowest: { id: number; at: number } | null = null;

export function noteReadCursor(value: string | null): void {
  const id = value === null ? NaN : Number(value);
  if (!Number.isSafeInteger(id) || id < 0) return;
  if (!lowest || id < lowest.id) lowest = { id, at: Date.now() };
}

/** The cursor a first stream resumes from (null: none recent), then forgotten: the stream keeps its own. */
export function takeReadCursor(maxAgeMs: number): string | null {
  const taken = lowest && Date.now() - lowest.at <= maxAgeMs ? String(lowest.id) : null;
  lowest = null;
  return taken;
}
