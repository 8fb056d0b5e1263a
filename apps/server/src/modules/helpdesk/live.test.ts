import { beforeAll, describe, expect, it } from 'vitest';
import { listenLocally, testContextPerFile } from '../../test/harness';
import { freeShipments, HELPDESK, helpdeskApi, STAFF, STAFF_T002, ticketBody } from './helpdesk-test-kit';

// Live for both sides: the helpdesk has no store of its own, yet its stream carries every store's
// ticket events (its queue follows), and a store's stream carries the helpdesk's replies to it only.

const ctx = testContextPerFile();
let base: string;
beforeAll(async () => {
  base = await listenLocally(ctx);
});

/** The caller's stream text while `act` runs, until it holds `until` or 5 s pass. */
async function streamWhile(authorization: string, act: () => Promise<unknown>, until: string): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 5000);
  const res = await fetch(`${base}/api/events`, { headers: { authorization }, signal: controller.signal });
  const reader = res.body!.getReader();
  let text = '';
  const reading = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += new TextDecoder().decode(value);
        if (text.includes(until)) return;
      }
    } catch {
      // aborted: what arrived is the answer
    }
  })();
  await act();
  await reading;
  clearTimeout(timer);
  controller.abort();
  return text;
}

describe('ticket events on the streams', () => {
  it("reach the helpdesk (every store) and the ticket's store, never another store", async () => {
    const api = helpdeskApi(ctx);
    const [s] = await freeShipments(ctx, 'T001', 1);
    const helpdesk = await api.auth(HELPDESK);
    const seen = await streamWhile(helpdesk, () => api.create(STAFF, ticketBody(s!.shipmentNo)), s!.shipmentNo);
    expect(seen).toContain('event: ticket.created');
    const id = (await api.list(STAFF, '?status=open&size=100')).json().data.items.find((t: { shipmentNo: string }) => t.shipmentNo === s!.shipmentNo).id as number;

    const reply = 'Kami cek sekarang.';
    const crew = await streamWhile(await api.auth(STAFF), () => api.comment(HELPDESK, id, { body: reply }), 'ticket.commented');
    expect(crew).toContain('event: ticket.commented');
    const other = await streamWhile(await api.auth(STAFF_T002), () => api.setStatus(HELPDESK, id, 'resolved'), 'ticket.status_changed');
    expect(other).not.toContain('ticket.');
  });
});
