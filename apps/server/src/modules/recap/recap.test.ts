import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { FIELD_MESSAGES, RECAP_MAX_DAYS, RECAP_NO_REASON, RECAP_TABLES, type Recap } from '@gerai/contract';
import { stores, users } from '../../db/schema';
import { DEMO_NIK } from '../../seed/demo-data';
import { testContextPerFile } from '../../test/harness';
import { loadPrincipal } from '../../platform/principal';
import { cellText, decimalComma, recapTableRows } from './csv';
import { PART_OF_TABLE } from './parts';
import { getRecap } from './service';
import { D1, D2, D3, insertRecapFixture, type Fixture } from './recap-test-kit';

const ctx = testContextPerFile();
let fixture: Fixture;
const tokens = new Map<string, string>();
beforeAll(async () => {
  fixture = await insertRecapFixture(ctx);
  for (const nik of Object.values(DEMO_NIK)) tokens.set(nik, (await ctx.loginAs(nik)).authorization);
});

const get = (nik: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { authorization: tokens.get(nik)! } });
async function recapOf(nik: string, query: string): Promise<Recap> {
  const res = await get(nik, `/api/recap?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Recap;
}
const RANGE = `from=${D1}&to=${D3}`;
const T002_WORDS = ['T002', 'Rahasia', 'Retur T002', 'POD T002', 'Siti'];

describe('the recap of T001 over three WIB days (hand-computed)', () => {
  it('counts the orders that arrived from 00:00 of the first day to 24:00 of the last, by day, channel and status', async () => {
    const r = await recapOf(DEMO_NIK.STORE_CHIEF, RANGE);
    expect(r).toMatchObject({ from: D1, to: D3, storeCode: null, storeCount: 1 });
    // o2…o8, o10, o11: 23:59 before the first day and 00:01 after the last are out.
    expect(r.totals).toEqual({ orders: 9, completed: 3, cancelled: 4, open: 2, returns: 3, podExceptions: 4 });
    // 00:01 and 23:59 WIB of the first day are both on it.
    expect(r.byDay).toEqual([
      { date: D1, orders: 2, completed: 2, cancelled: 0 },
      { date: D2, orders: 3, completed: 0, cancelled: 2 },
      { date: D3, orders: 4, completed: 1, cancelled: 2 },
    ]);
    expect(r.byChannel).toEqual([
      { appId: 379, orders: 3, completed: 1, cancelled: 1 },
      { appId: 410, orders: 1, completed: 1, cancelled: 0 },
      { appId: 91, orders: 1, completed: 0, cancelled: 1 },
      { appId: 95, orders: 1, completed: 0, cancelled: 1 },
      { appId: 901, orders: 1, completed: 0, cancelled: 1 },
      { appId: 911, orders: 1, completed: 1, cancelled: 0 },
      { appId: 87, orders: 1, completed: 0, cancelled: 0 },
    ]);
    expect(r.byStatus).toEqual([
      { statusId: 1101, orders: 1 },
      { statusId: 1102, orders: 0 },
      { statusId: 1103, orders: 1 },
      { statusId: 1104, orders: 2 },
      { statusId: 1105, orders: 1 },
      { statusId: 1106, orders: 3 },
      { statusId: 1107, orders: 1 },
    ]);
  });

  it('gives every day of the range, empty ones as zeros, and one day alone', async () => {
    const one = await recapOf(DEMO_NIK.STORE_CHIEF, `from=${D1}&to=${D1}`);
    expect(one.byDay).toEqual([{ date: D1, orders: 2, completed: 2, cancelled: 0 }]);
    expect(one.totals).toMatchObject({ orders: 2, completed: 2, returns: 1, podExceptions: 1 });
    const empty = await recapOf(DEMO_NIK.STORE_CHIEF, 'from=2024-02-27&to=2024-03-01');
    expect(empty.byDay.map((d) => d.date)).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
    expect(empty.byDay.every((d) => d.orders === 0)).toBe(true);
    expect(empty.byChannel.every((c) => c.orders === 0)).toBe(true);
    expect(empty.byCrew).toEqual([]);
    expect(empty.completion).toEqual({ completed: 0, medianMinutes: null, p90Minutes: null });
    expect(empty).toMatchObject({ outOfStock: [], cancellations: [], returns: [], podExceptions: [] });
  });

  it('gives each picker their claims, outcomes and median packing time, the busiest first', async () => {
    const r = await recapOf(DEMO_NIK.STORE_CHIEF, RANGE);
    expect(r.byCrew).toEqual([
      // Packed in 10, 20.25 and 30 minutes.
      { userId: fixture.ids.budi, nik: DEMO_NIK.STAFF, name: 'Budi Santoso', storeCode: 'T001', claimed: 3, completed: 3, cancelled: 0, medianPackMinutes: 20.3 },
      // One packed in 5.5 minutes, one cancelled before packing.
      { userId: fixture.ids.agus, nik: DEMO_NIK.STORE_CHIEF, name: 'Agus Setiawan', storeCode: 'T001', claimed: 2, completed: 0, cancelled: 1, medianPackMinutes: 5.5 },
    ]);
  });

  it('gives the completion times from arrival: median and interpolated 90th percentile', async () => {
    const r = await recapOf(DEMO_NIK.STORE_CHIEF, RANGE);
    // 30.5, 60 and 121 minutes: p90 = 60 + 0.8 × 61.
    expect(r.completion).toEqual({ completed: 3, medianMinutes: 60, p90Minutes: 108.8 });
  });

  it('gives out of stock per product, the most units first, then by name', async () => {
    const r = await recapOf(DEMO_NIK.STORE_CHIEF, RANGE);
    const [p1, p2, p3] = fixture.products;
    expect(r.outOfStock).toEqual([
      { productId: p3!.productId, name: p3!.name, orderedQty: 4, oosQty: 3, lines: 2, oosLines: 1, rate: 0.75 },
      { productId: p1!.productId, name: p1!.name, orderedQty: 6, oosQty: 2, lines: 3, oosLines: 2, rate: 0.3333 },
      { productId: p2!.productId, name: p2!.name, orderedQty: 2, oosQty: 2, lines: 1, oosLines: 1, rate: 1 },
    ]);
  });

  it('gives cancellations, returns and POD exceptions by reason, blank ones as "no reason"', async () => {
    const r = await recapOf(DEMO_NIK.STORE_CHIEF, RANGE);
    expect(r.cancellations).toEqual([
      { reason: RECAP_NO_REASON, count: 2 },
      { reason: '=SUM(1)', count: 1 },
      { reason: 'Stok habis; pelanggan "batal"', count: 1 },
    ]);
    expect(r.returns).toEqual([
      { reason: 'Barang rusak', count: 2 },
      { reason: 'Salah kirim\nbarang lain', count: 1 },
    ]);
    expect(r.podExceptions).toEqual([
      { reason: fixture.podReasonLabel, count: 2 },
      { reason: 'Pelanggan di lobi', count: 1 },
      { reason: RECAP_NO_REASON, count: 1 },
    ]);
  });
});

describe('the scope of each role', () => {
  it("gives T001's staff its store's figures without people, and nothing of T002", async () => {
    const chief = await recapOf(DEMO_NIK.STORE_CHIEF, RANGE);
    const staffRes = await get(DEMO_NIK.STAFF, `/api/recap?${RANGE}`);
    const staff = staffRes.json().data as Recap;
    expect(staff.byCrew).toBeNull();
    expect({ ...staff, byCrew: chief.byCrew }).toEqual(chief);
    for (const word of T002_WORDS) expect(staffRes.body).not.toContain(word);
    expect(await recapOf(DEMO_NIK.STAFF, `${RANGE}&storeCode=T001`)).toMatchObject({ storeCode: 'T001', totals: chief.totals });
  });

  it("answers 404 to T001's crew and kepala toko for T002, in JSON and in every CSV", async () => {
    for (const nik of [DEMO_NIK.STAFF, DEMO_NIK.STORE_CHIEF]) {
      expect((await get(nik, `/api/recap?${RANGE}&storeCode=T002`)).statusCode).toBe(404);
      for (const table of RECAP_TABLES) {
        const res = await get(nik, `/api/recap/csv/${table}?${RANGE}&storeCode=T002`);
        // The crew table is refused to the crew by role before the store is looked at.
        expect(res.statusCode, `${nik} ${table}`).toBe(nik === DEMO_NIK.STAFF && table === 'crew' ? 403 : 404);
      }
    }
  });

  it("gives T002's kepala toko only T002's figures", async () => {
    const r = await recapOf(DEMO_NIK.STORE_CHIEF_T002, RANGE);
    expect(r.totals).toEqual({ orders: 2, completed: 1, cancelled: 1, open: 0, returns: 1, podExceptions: 1 });
    expect(r.byCrew).toEqual([{ userId: fixture.ids.siti, nik: DEMO_NIK.STAFF_T002, name: 'Siti Rahmawati', storeCode: 'T002', claimed: 1, completed: 1, cancelled: 0, medianPackMinutes: 7 }]);
    expect(r.completion).toEqual({ completed: 1, medianMinutes: 45, p90Minutes: 45 });
    expect(r.outOfStock).toEqual([expect.objectContaining({ productId: fixture.products[0]!.productId, orderedQty: 5, oosQty: 5, rate: 1 })]);
    expect(r.cancellations).toEqual([{ reason: 'Rahasia T002', count: 1 }]);
    expect((await get(DEMO_NIK.STORE_CHIEF_T002, `/api/recap?${RANGE}&storeCode=T001`)).statusCode).toBe(404);
  });

  it("gives the area supervisor the area's stores together, or one of them", async () => {
    const r = await recapOf(DEMO_NIK.AREA_SUPERVISOR, RANGE);
    expect(r.storeCount).toBe(10);
    expect(r.totals).toEqual({ orders: 11, completed: 4, cancelled: 5, open: 2, returns: 4, podExceptions: 5 });
    expect(r.byCrew?.map((c) => [c.name, c.claimed])).toEqual([
      ['Budi Santoso', 3],
      ['Agus Setiawan', 2],
      ['Siti Rahmawati', 1],
    ]);
    expect(r.cancellations[0]).toEqual({ reason: RECAP_NO_REASON, count: 2 });
    const t002 = await recapOf(DEMO_NIK.AREA_SUPERVISOR, `${RANGE}&storeCode=T002`);
    expect(t002).toMatchObject({ storeCode: 'T002', storeCount: 1, totals: { orders: 2 } });
    // A store outside the area.
    expect((await get(DEMO_NIK.AREA_SUPERVISOR, `/api/recap?${RANGE}&storeCode=T099`)).statusCode).toBe(404);
  });

  it('gives the super user and the helpdesk every store', async () => {
    const [{ n }] = (await ctx.handle.db.select({ n: count() }).from(stores)) as [{ n: number }];
    for (const nik of [DEMO_NIK.SUPER_USER, DEMO_NIK.HELPDESK]) {
      const r = await recapOf(nik, RANGE);
      expect(r.storeCount).toBe(n);
      expect(r.totals).toEqual({ orders: 11, completed: 4, cancelled: 5, open: 2, returns: 4, podExceptions: 5 });
      // The whole chain has no crew table (chain.test.ts); a store of it has.
      expect(r).toMatchObject({ byCrew: null, crewNeedsStore: true });
      const t002 = await recapOf(nik, `${RANGE}&storeCode=T002`);
      expect(t002.totals.orders).toBe(2);
      expect(t002.byCrew).toHaveLength(1);
    }
  });
});

describe('the range', () => {
  it('refuses an end before the start and a range longer than the maximum, in Indonesian', async () => {
    const before = await get(DEMO_NIK.STORE_CHIEF, `/api/recap?from=${D2}&to=${D1}`);
    expect(before.statusCode).toBe(400);
    expect(before.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ message: FIELD_MESSAGES.dateEndBeforeStart })] });
    // 1 to 31 March is 31 days; to 1 April, 32.
    expect((await get(DEMO_NIK.STORE_CHIEF, '/api/recap?from=2024-03-01&to=2024-03-31')).statusCode).toBe(200);
    const long = await get(DEMO_NIK.STORE_CHIEF, '/api/recap?from=2024-03-01&to=2024-04-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().details).toEqual([expect.objectContaining({ message: FIELD_MESSAGES.recapRangeTooLong(RECAP_MAX_DAYS) })]);
    const csv = await get(DEMO_NIK.STORE_CHIEF, '/api/recap/csv/channels?from=2024-03-01&to=2024-04-01');
    expect(csv.statusCode).toBe(400);
    expect(csv.json().details).toEqual([expect.objectContaining({ message: FIELD_MESSAGES.recapRangeTooLong(RECAP_MAX_DAYS) })]);
    expect((await get(DEMO_NIK.STORE_CHIEF, `/api/recap?from=${D1}`)).statusCode).toBe(400);
    expect((await get(DEMO_NIK.STORE_CHIEF, `/api/recap/csv/days?${RANGE}`)).statusCode).toBe(400);
  });
});

describe('the CSV export', () => {
  const csvOf = async (nik: string, table: string, query = RANGE) => {
    const res = await get(nik, `/api/recap/csv/${table}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const BOM = '\uFEFF';
  const lines = (...rows: string[]) => `${BOM}${rows.map((r) => `${r}\r\n`).join('')}`;

  it('is UTF-8 with a BOM, a download that is never kept, named after the table, range and store', async () => {
    const res = await csvOf(DEMO_NIK.STORE_CHIEF, 'channels');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="rekap-channels-${D1}_${D3}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const one = await csvOf(DEMO_NIK.STORE_CHIEF, 'out-of-stock', `${RANGE}&storeCode=T001`);
    expect(one.headers['content-disposition']).toBe(`attachment; filename="rekap-out-of-stock-${D1}_${D3}-T001.csv"`);
  });

  it('writes each table with `;`, CRLF, Indonesian headings and the numbers of the JSON', async () => {
    const [p1, p2, p3] = fixture.products;
    const expected: Record<string, string> = {
      channels: lines('Kanal;Pesanan;Selesai;Batal', 'Alfagift;3;1;1', 'JD.ID;1;1;0', 'Alfamind;1;0;1', 'Alfamikro;1;0;1', 'Simobi;1;0;1', 'Widya Shop;1;1;0', 'Alfacart;1;0;0'),
      statuses: lines('Status;Pesanan', 'Baru;1', 'Picking;0', 'Proses;1', 'Selesai;2', 'History Pesanan;1', 'Batal;3', 'History Batal;1'),
      crew: lines('NIK;Nama;Toko;Diambil;Selesai;Batal;Median packing (menit)', '10000001;Budi Santoso;T001;3;3;0;20,3', '20000001;Agus Setiawan;T001;2;0;1;5,5'),
      completion: lines('Pesanan selesai;Median (menit);Persentil 90 (menit)', '3;60;108,8'),
      'out-of-stock': lines(
        'Kode produk;Produk;Qty dipesan;Qty kosong;Baris;Baris kosong;Tingkat kosong (%)',
        `${p3!.productId};${p3!.name};4;3;2;1;75`,
        `${p1!.productId};${p1!.name};6;2;3;2;33,33`,
        `${p2!.productId};${p2!.name};2;2;1;1;100`,
      ),
      // `;` and `"` quoted (quotes doubled), a formula prefixed with `'`.
      cancellations: lines('Alasan;Jumlah', `${RECAP_NO_REASON};2`, "'=SUM(1);1", '"Stok habis; pelanggan ""batal""";1'),
      // A line break inside a field is quoted.
      returns: lines('Alasan;Jumlah', 'Barang rusak;2', '"Salah kirim\nbarang lain";1'),
      'pod-exceptions': lines('Alasan;Jumlah', `${fixture.podReasonLabel};2`, 'Pelanggan di lobi;1', `${RECAP_NO_REASON};1`),
    };
    expect(Object.keys(expected).sort()).toEqual([...RECAP_TABLES].sort());
    for (const table of RECAP_TABLES) expect((await csvOf(DEMO_NIK.STORE_CHIEF, table)).body, table).toBe(expected[table]);
  });

  it("refuses the crew table below the kepala toko, and gives T001's staff nothing of T002 in any other", async () => {
    const crew = await get(DEMO_NIK.STAFF, `/api/recap/csv/crew?${RANGE}`);
    expect(crew.statusCode).toBe(403);
    expect(crew.json().code).toBe('FORBIDDEN');
    for (const table of RECAP_TABLES.filter((t) => t !== 'crew')) {
      const staff = await csvOf(DEMO_NIK.STAFF, table);
      expect(staff.body, table).toBe((await csvOf(DEMO_NIK.STORE_CHIEF, table)).body);
      for (const word of T002_WORDS) expect(staff.body, `${table}: ${word}`).not.toContain(word);
    }
    // The area supervisor's tables do hold T002's figures: the check above could see them.
    expect((await csvOf(DEMO_NIK.AREA_SUPERVISOR, 'cancellations')).body).toContain('Rahasia T002');
  });

  it("reads only its table's part of the recap: the same rows as the whole recap's, every other figure left empty", async () => {
    const [user] = await ctx.handle.db.select({ id: users.id }).from(users).where(eq(users.nik, DEMO_NIK.STORE_CHIEF));
    const chief = (await loadPrincipal(ctx.handle.db, user!.id))!;
    const query = { from: D1, to: D3 };
    const whole = await getRecap(ctx.handle.db, chief, query);
    for (const table of RECAP_TABLES) {
      const part = await getRecap(ctx.handle.db, chief, query, new Set([PART_OF_TABLE[table]]));
      expect(recapTableRows(part, table), table).toEqual(recapTableRows(whole, table));
      expect(recapTableRows(whole, table).length, table).toBeGreaterThan(0);
      // The fixture has figures in every part: a part not asked for was not read.
      const emptied = RECAP_TABLES.filter((t) => PART_OF_TABLE[t] !== PART_OF_TABLE[table] && t !== 'completion' && t !== 'channels' && t !== 'statuses');
      for (const other of emptied) expect(recapTableRows(part, other), `${table} → ${other}`).toEqual([]);
      if (PART_OF_TABLE[table] !== 'counts') expect(part.totals.orders, table).toBe(0);
    }
  });

  it('guards every formula start and writes decimals with a comma', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']) expect(cellText(`${start}1`)).toBe(`'${start}1`);
    expect(cellText('Budi')).toBe('Budi');
    expect(cellText(-1.5)).toBe('-1,5');
    expect(cellText(null)).toBe('');
    expect(decimalComma(108.8)).toBe('108,8');
    expect(decimalComma(12)).toBe('12');
  });
});
