import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APP_IDS, distanceMeters, GERAI_SHIPMENT_NO_PATTERN, ORDER_STATUS, ORDER_STATUS_IDS } from '@gerai/contract';
import * as t from '../db/schema';
import { isValidEan13 } from './ean13';
import { seededDbPerFile } from './seed-test-kit';

const { handle, rows } = seededDbPerFile();

describe('orders', () => {
  it('has at least 300 orders over all 7 channels and all 7 statuses, T001 having every status', async () => {
    const all = await handle.db.select({ appId: t.orders.appId, statusId: t.orders.statusId, storeCode: t.orders.storeCode }).from(t.orders);
    expect(all.length).toBeGreaterThanOrEqual(300);
    expect(new Set(all.map((o) => o.appId))).toEqual(new Set(APP_IDS));
    expect(new Set(all.map((o) => o.statusId))).toEqual(new Set(ORDER_STATUS_IDS));
    const t001 = all.filter((o) => o.storeCode === 'T001');
    for (const status of ORDER_STATUS_IDS) expect(t001.filter((o) => o.statusId === status).length, String(status)).toBeGreaterThanOrEqual(status === ORDER_STATUS.NEW ? 5 : 3);
    expect(new Set(t001.map((o) => o.appId))).toEqual(new Set(APP_IDS));
    const t002 = all.filter((o) => o.storeCode === 'T002');
    expect(new Set(t002.map((o) => o.statusId))).toEqual(new Set(ORDER_STATUS_IDS));
  });

  it('keeps T001 busy today and spreads history over two weeks', async () => {
    const [span] = await rows<{ today: number; oldest_days: number }>(
      sql`select count(*) filter (where created_at > now() - interval '1 day')::int today, extract(epoch from now() - min(created_at))::float / 86400 oldest_days from orders where store_code = 'T001'`,
    );
    expect(span!.today).toBeGreaterThanOrEqual(10);
    expect(span!.oldest_days).toBeGreaterThan(5);
    expect(span!.oldest_days).toBeLessThanOrEqual(14.01);
  });

  it('totals equal Σ line price × (qty − qtyOos) plus paper bags', async () => {
    const wrong = await rows(sql`
      select o.shipment_no, o.price,
        (select coalesce(sum(l.price * (l.qty - l.qty_oos)), 0) from order_lines l where l.order_id = o.id)
        + (select coalesce(sum(b.price * b.qty), 0) from order_paper_bags b where b.order_id = o.id) as expected
      from orders o
      where o.price <> (select coalesce(sum(l.price * (l.qty - l.qty_oos)), 0) from order_lines l where l.order_id = o.id)
        + (select coalesce(sum(b.price * b.qty), 0) from order_paper_bags b where b.order_id = o.id)`);
    expect(wrong).toEqual([]);
    const [bags] = await rows<{ n: number }>(sql`select count(*)::int n from order_paper_bags`);
    expect(bags!.n).toBeGreaterThan(50);
  });

  it('has 1–6 lines per order whose picked and out-of-stock quantities fit the status', async () => {
    const lines = await rows<{ status_id: number; qty: number; qty_picked: number; qty_oos: number; barcode: string; n: number }>(sql`
      select o.status_id, l.qty, l.qty_picked, l.qty_oos, l.barcode, count(*) over (partition by o.id)::int n
      from order_lines l join orders o on o.id = l.order_id`);
    for (const l of lines) {
      expect(l.n).toBeGreaterThanOrEqual(1);
      expect(l.n).toBeLessThanOrEqual(6);
      expect(isValidEan13(l.barcode)).toBe(true);
      if ([1103, 1104, 1105].includes(l.status_id)) expect(l.qty_picked + l.qty_oos).toBe(l.qty);
      else if (l.status_id === 1102) expect(l.qty_picked + l.qty_oos).toBeLessThanOrEqual(l.qty);
      else expect([l.qty_picked, l.qty_oos]).toEqual([0, 0]);
    }
    expect(lines.some((l) => l.status_id >= 1103 && l.status_id <= 1105 && l.qty_oos > 0)).toBe(true);
    const fullyOos = await rows(sql`select o.id from orders o join order_lines l on l.order_id = o.id where o.status_id in (1103, 1104, 1105) group by o.id having sum(l.qty_picked) = 0`);
    expect(fullyOos).toEqual([]);
  });

  it('has a status history that starts at intake and walks to the current status', async () => {
    const history = await rows<{ order_id: number; status_id: number; chain: Array<[number | null, number]> }>(sql`
      select o.id order_id, o.status_id, json_agg(json_build_array(h.from_status, h.to_status) order by h.created_at, h.id) chain
      from orders o join order_status_history h on h.order_id = o.id group by o.id`);
    expect(history.length).toBe((await handle.db.select({ id: t.orders.id }).from(t.orders)).length);
    for (const h of history) {
      expect(h.chain[0]).toEqual([null, 1101]);
      for (let i = 1; i < h.chain.length; i++) expect(h.chain[i]![0]).toBe(h.chain[i - 1]![1]);
      expect(h.chain[h.chain.length - 1]![1]).toBe(h.status_id);
    }
  });

  it('has realistic customers near the store and well-formed numbers', async () => {
    const list = await rows<Record<string, string | number | null>>(sql`
      select o.shipment_no, o.order_no, o.app_id, o.pickup_code, o.customer_name, o.customer_phone, o.customer_address,
        o.customer_lat, o.customer_lng, s.latitude, s.longitude, o.is_send_store, o.qr_code, o.status_id, o.bill_no, o.picker_user_id
      from orders o join stores s on s.code = o.store_code`);
    expect(new Set(list.map((o) => o.shipment_no)).size).toBe(list.length);
    expect(new Set(list.map((o) => `${o.app_id}:${o.order_no}`)).size).toBe(list.length);
    for (const o of list) {
      expect(o.shipment_no).toMatch(GERAI_SHIPMENT_NO_PATTERN);
      expect(o.pickup_code).toMatch(/^\d{6}$/);
      expect(o.customer_phone).toMatch(/^08\d{8,11}$/);
      expect(String(o.customer_name).split(' ').length).toBeGreaterThanOrEqual(2);
      expect(o.customer_address).toMatch(/No\. \d+/);
      const d = distanceMeters({ lat: Number(o.customer_lat), lng: Number(o.customer_lng) }, { lat: Number(o.latitude), lng: Number(o.longitude) });
      expect(d).toBeLessThan(2100);
      const qr = o.qr_code as unknown as { Head: unknown[]; Body: unknown[] } | null;
      if (o.is_send_store === 'F') expect(qr?.Head.length && qr.Body.length).toBeTruthy();
      else expect(qr).toBeNull();
      expect(o.bill_no === null).toBe(![1103, 1104, 1105].includes(Number(o.status_id)));
      expect(o.picker_user_id === null).toBe([1101, 1106, 1107].includes(Number(o.status_id)));
    }
    expect(list.some((o) => o.is_send_store === 'F')).toBe(true);
  });

  it('records proof of delivery for delivered orders', async () => {
    const missing = await rows(sql`
      select o.shipment_no from orders o left join pod_records p on p.order_id = o.id
      where o.status_id in (1104, 1105) and o.delivery_type = 1 and p.id is null`);
    expect(missing).toEqual([]);
  });
});
