// The phones of `npm run topology` on the event stream (through nginx, reconnecting with Last-Event-ID),
// and the count of what each saw against the events table.
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A phone on the event stream, through nginx, reconnecting with Last-Event-ID. */
export class Phone {
  constructor(nginx, token, stores) {
    this.nginx = nginx;
    this.token = token;
    this.stores = stores;
    this.seen = new Map(); // fingerprint -> times
    this.firstId = null;
    this.lastId = null;
    this.reconnects = 0;
    this.longestGapMs = 0;
    this.running = true;
    this.connected = false;
  }
  async run() {
    let lostAt = null;
    while (this.running) {
      const controller = new AbortController();
      this.controller = controller;
      try {
        const res = await fetch(`${this.nginx}/api/events`, {
          headers: { authorization: `Bearer ${this.token}`, ...(this.lastId === null ? {} : { 'last-event-id': String(this.lastId) }) },
          signal: controller.signal,
        });
        if (res.status !== 200) throw new Error(`events ${res.status}`);
        this.connected = true;
        if (lostAt !== null) {
          this.longestGapMs = Math.max(this.longestGapMs, Date.now() - lostAt);
          lostAt = null;
        }
        const decoder = new TextDecoder();
        let buffer = '';
        for await (const chunk of res.body) {
          buffer += decoder.decode(chunk, { stream: true });
          const parts = buffer.split('\n\n');
          buffer = parts.pop() ?? '';
          for (const part of parts) {
            const field = (name) => part.split('\n').find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
            const event = field('event');
            const id = field('id');
            if (!event) continue;
            if (id !== undefined) {
              if (this.firstId === null) this.firstId = Number(id);
              this.lastId = Number(id);
            }
            if (event === 'ready') continue;
            const fp = fingerprint(event, JSON.parse(field('data') ?? '{}'));
            this.seen.set(fp, (this.seen.get(fp) ?? 0) + 1);
          }
        }
      } catch {
        // dropped: reconnect below
      }
      if (!this.running) return;
      this.connected = false;
      this.reconnects++;
      lostAt ??= Date.now();
      await sleep(200 + Math.random() * 800);
    }
  }
  stop() {
    this.running = false;
    this.controller?.abort();
  }
}

/** An event as a phone sees it (type and data), as key order-independent text: also computed from the table. */
function canonical(v) {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v);
}
export const fingerprint = (type, data) => `${type} ${canonical(data)}`;


/** Per phone: the events of its stores (and those for everyone) after its first ready, against what it saw. `p` narrows to a phase's events. */
export function tally(phases, phones, rows, p) {
  let missing = 0;
  let duplicated = 0;
  let expectedTotal = 0;
  let seenTotal = 0;
  const next = p ? phases[phases.indexOf(p) + 1] : null;
  for (const phone of phones) {
    const expected = new Map();
    for (const r of rows) {
      if (phone.firstId === null || r.id <= phone.firstId) continue;
      if (r.store_code !== null && !phone.stores.includes(r.store_code)) continue;
      const at = r.created_at.getTime();
      if (p && (at < p.started || (next && at >= next.started))) continue;
      const fp = fingerprint(r.type, { ...(r.payload ?? {}), storeCode: r.store_code, at: r.created_at.toISOString() });
      expected.set(fp, (expected.get(fp) ?? 0) + 1);
    }
    for (const [fp, n] of expected) {
      const seen = phone.seen.get(fp) ?? 0;
      expectedTotal += n;
      seenTotal += Math.min(seen, n);
      if (seen < n) missing += n - seen;
      if (seen > n) duplicated += seen - n;
    }
  }
  return { missing, duplicated, expectedTotal, seenTotal };
}

