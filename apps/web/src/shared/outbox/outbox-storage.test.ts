import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { OutboxAction } from './outbox';
import { indexedDbOutboxStorage } from './outbox-storage';

const action = (key: string, seq: number): OutboxAction => ({
  key,
  seq,
  scope: 'order:SHP1',
  kind: 'order.scan',
  subject: 'SHP1',
  request: { method: 'POST', path: '/orders/SHP1/scan', body: { barcode: '8991234567890' } },
  refresh: [['orders', 'detail', 'SHP1']],
  owner: '10000001',
  createdAt: 1,
  state: 'queued',
  attempts: 0,
});

describe('outbox in IndexedDB', () => {
  it('keeps actions across connections to the database, until removed', async () => {
    const first = indexedDbOutboxStorage('outbox-test');
    await first.put(action('a', 1));
    await first.put(action('b', 2));
    await first.put({ ...action('a', 1), state: 'refused', refusal: { status: 409, code: 'ORDER_STATUS_CHANGED', message: 'x' } });

    const second = indexedDbOutboxStorage('outbox-test');
    const loaded = await second.load();
    expect(loaded.map((a) => [a.key, a.state]).sort()).toEqual([
      ['a', 'refused'],
      ['b', 'queued'],
    ]);
    await second.remove('a');
    expect((await indexedDbOutboxStorage('outbox-test').load()).map((a) => a.key)).toEqual(['b']);
  });
});
