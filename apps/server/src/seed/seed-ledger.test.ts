import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAT_STATUS, STOCK_CAUSE } from '@gerai/contract';
import * as t from '../db/schema';
import { seededDbPerFile } from './seed-test-kit';

const { handle, rows } = seededDbPerFile();

describe('the stock ledger', () => {
  it('opens with one row per stocked bucket and moves stock after that only for the seeded transfers', async () => {
    const [opening] = await rows<{ n: number; keys: number; in_transit: number }>(sql`
      select count(*)::int n, count(distinct (store_code, product_id, condition))::int keys, count(*) filter (where condition = 'in_transit')::int in_transit
      from stock_movements where cause = 'opening'`);
    expect(opening!.n).toBeGreaterThan(0);
    expect(opening!.keys).toBe(opening!.n);
    expect(opening!.in_transit).toBe(0);
    const other = await rows<{ cause: string; ref: string | null; store_code: string }>(sql`select cause, ref, store_code from stock_movements where cause <> 'opening'`);
    const mats = await handle.db.select({ id: t.materialTransfers.id }).from(t.materialTransfers);
    expect(new Set(other.map((m) => m.cause))).toEqual(new Set([STOCK_CAUSE.TRANSFER_SEND, STOCK_CAUSE.TRANSFER_CANCEL, STOCK_CAUSE.TRANSFER_RECEIVE]));
    expect(new Set(other.map((m) => m.ref))).toEqual(new Set(mats.map((m) => `mat:${m.id}`)));
    expect(new Set(other.map((m) => m.store_code))).toEqual(new Set(['T001', 'T002']));
  });

  it('writes each transfer\'s steps on the ledger: sent, then back on cancel or into the receiver on finish', async () => {
    const moves = await rows<{ status: string; sender: string; receiver: string; product_id: string; qty_sent: number; qty_received: number | null; got: Array<[string, string, string, number]> }>(sql`
      select m.status, m.sender_store_code sender, m.receiver_store_code receiver, i.product_id, i.qty_sent, i.qty_received,
        (select json_agg(json_build_array(s.cause, s.store_code, s.condition, s.delta) order by s.id) from stock_movements s
          where s.ref = 'mat:' || m.id and s.product_id = i.product_id) got
      from material_transfer_items i join material_transfers m on m.id = i.transfer_id`);
    for (const x of moves) {
      const sent: Array<[string, string, string, number]> = [
        ['transfer_send', x.sender, 'sellable', -x.qty_sent],
        ['transfer_send', x.sender, 'in_transit', x.qty_sent],
      ];
      const after: Record<string, Array<[string, string, string, number]>> = {
        [MAT_STATUS.NEW]: [],
        [MAT_STATUS.PROCESS]: [],
        [MAT_STATUS.CANCEL]: [
          ['transfer_cancel', x.sender, 'in_transit', -x.qty_sent],
          ['transfer_cancel', x.sender, 'sellable', x.qty_sent],
        ],
        [MAT_STATUS.FINISH]: [
          ['transfer_receive', x.sender, 'in_transit', -x.qty_sent],
          ['transfer_receive', x.receiver, 'sellable', x.qty_received ?? 0],
        ],
      };
      expect(x.got, `${x.status} ${x.product_id}`).toEqual([...sent, ...after[x.status]!]);
    }
  });

  it('keeps store_stock equal to the ledger in every bucket, in transit included, and never below zero at the senders', async () => {
    const off = await rows(sql`
      select s.store_code, s.product_id from store_stock s
      left join (
        select store_code, product_id,
          coalesce(sum(delta) filter (where condition = 'sellable'), 0) qty, coalesce(sum(delta) filter (where condition = 'damaged'), 0) damaged,
          coalesce(sum(delta) filter (where condition = 'reserved'), 0) reserved, coalesce(sum(delta) filter (where condition = 'in_transit'), 0) in_transit
        from stock_movements group by 1, 2
      ) m using (store_code, product_id)
      where s.qty <> coalesce(m.qty, 0) or s.qty_damaged <> coalesce(m.damaged, 0) or s.qty_reserved <> coalesce(m.reserved, 0)
        or s.qty_in_transit <> coalesce(m.in_transit, 0)`);
    expect(off).toEqual([]);
    const [held] = await rows<{ n: number }>(sql`select count(*)::int n from store_stock where qty_reserved > 0`);
    expect(held!.n).toBe(1);
    const negative = await rows(sql`
      select s.store_code, s.product_id, s.qty from store_stock s
      where s.store_code in ('T001', 'T002') and s.qty < 0
        and exists (select 1 from stock_movements m where m.store_code = s.store_code and m.product_id = s.product_id and m.ref like 'mat:%')`);
    expect(negative).toEqual([]);
  });

  it('holds in transit exactly what the new and in-process transfers sent', async () => {
    const wrong = await rows(sql`
      with sent as (
        select m.sender_store_code store_code, i.product_id, sum(i.qty_sent)::int qty
        from material_transfers m join material_transfer_items i on i.transfer_id = m.id
        where m.status in (${MAT_STATUS.NEW}, ${MAT_STATUS.PROCESS}) group by 1, 2
      )
      select s.store_code, s.product_id, s.qty_in_transit, coalesce(sent.qty, 0) sent from store_stock s
      full join sent using (store_code, product_id)
      where coalesce(s.qty_in_transit, 0) <> coalesce(sent.qty, 0)`);
    expect(wrong).toEqual([]);
    const totals = await rows<{ store_code: string; in_transit: number; sent: number }>(sql`
      select s.code store_code,
        (select coalesce(sum(qty_in_transit), 0)::int from store_stock x where x.store_code = s.code) in_transit,
        (select coalesce(sum(i.qty_sent), 0)::int from material_transfers m join material_transfer_items i on i.transfer_id = m.id
          where m.sender_store_code = s.code and m.status in (${MAT_STATUS.NEW}, ${MAT_STATUS.PROCESS})) sent
      from stores s where s.code in ('T001', 'T002') order by s.code`);
    expect(totals).toHaveLength(2);
    for (const x of totals) {
      expect(x.in_transit, x.store_code).toBe(x.sent);
      expect(x.sent, x.store_code).toBeGreaterThan(0);
    }
  });

  it('says who cancelled each cancelled order and why', async () => {
    const missing = await rows(sql`select shipment_no from orders where status_id in (1106, 1107) and (cancelled_by is null or cancel_reason is null)`);
    expect(missing).toEqual([]);
  });
});
