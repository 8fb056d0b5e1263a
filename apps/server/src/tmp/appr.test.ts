import { it } from 'vitest';
import { testContextPerFile } from '../test/harness';
import { cancelApi, STAFF, SUPERVISOR, CHIEF } from '../modules/cancellations/cancel-test-kit';
const ctx = testContextPerFile();
const api = cancelApi(ctx);
it('x', async () => {
  const packed = [await api.packed(0), await api.packed(0), await api.packed(1), await api.claimed(0), await api.claimed(1)];
  const orders = packed.map((p) => ('order' in p ? p.order : p));
  for (const o of orders) { const r = await api.cancel(STAFF, o.shipmentNo); console.log('req', r.statusCode); }
  for (const o of orders) {
    const t = performance.now();
    const r = await api.approve(o.deliveryType === 1 && o.statusId !== 1102 ? SUPERVISOR : CHIEF, o.shipmentNo);
    console.log('approve', o.shipmentNo, o.statusId, r.statusCode, Math.round(performance.now() - t), 'ms');
  }
}, 120000);
