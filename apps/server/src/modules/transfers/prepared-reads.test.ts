import { expect, it } from 'vitest';
import { and, asc, desc, eq, ilike, ne, or } from 'drizzle-orm';
import { escapeLike } from '../../db/like';
import { materialTransfers, stores } from '../../db/schema';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres, preparedBy, memberOf } from '../../test/plans';
import { countTransfers, listDiscrepancies, listLocked, listTransfers, listTransferStores } from './queries';
import { getTransferDetail } from './views';

type Prepared = Awaited<ReturnType<typeof preparedBy>>;

const names = (sent: Prepared) => sent.map((s) => s.name);
/** The stores are one array value, never a list written into the text. */
const scopedByArray = (sent: Prepared) => sent.some((s) => s.text.includes('= any(')) && sent.every((s) => !/ in \(\$/.test(s.text));

describeOnPostgres('the transfers area’s reads as the app sends them', (db) => {
  const page = { page: 1, size: 20 };

  it('sends a transfer’s detail as named statements, one text for one store and for an area of ten', async () => {
    const [t] = await db()
      .db.select({ matNo: materialTransfers.matNo, idTbsms: materialTransfers.idTbsms })
      .from(materialTransfers)
      .where(or(eq(materialTransfers.senderStoreCode, 'T001'), eq(materialTransfers.receiverStoreCode, 'T001')))
      .orderBy(desc(materialTransfers.id))
      .limit(1);
    const [chief, area, superUser] = [await memberOf(db(), DEMO_NIK.STORE_CHIEF), await memberOf(db(), DEMO_NIK.AREA_SUPERVISOR), await memberOf(db(), DEMO_NIK.SUPER_USER)];
    const byChief = await preparedBy(() => getTransferDetail(db().db, chief, { matNo: t!.matNo }));
    expect(names(byChief)).toEqual(['transfer_detail_ms', 'transfer_history', 'transfer_lines']);
    expect(await preparedBy(() => getTransferDetail(db().db, area, { matNo: t!.matNo }))).toEqual(byChief);
    expect(scopedByArray(byChief)).toBe(true);
    expect(names(await preparedBy(() => getTransferDetail(db().db, area, { idTbsms: t!.idTbsms })))).toEqual(['transfer_detail_ts', 'transfer_history', 'transfer_lines']);
    // Every store: no scope in the text at all.
    expect(names(await preparedBy(() => getTransferDetail(db().db, superUser, { matNo: t!.matNo })))).toEqual(['transfer_detail_m', 'transfer_history', 'transfer_lines']);
  });

  it('sends my store’s lists and counts as one named statement per shape', async () => {
    const crew = await memberOf(db(), DEMO_NIK.STAFF);
    const out = await preparedBy(() => listTransfers(db().db, crew, { ...page, side: 'out' }));
    expect(names(out)).toEqual(['transfer_list_n_o', 'transfer_list_o']);
    const searched = await preparedBy(() => listTransfers(db().db, crew, { ...page, side: 'in', status: 'finish', q: 'T00' }));
    expect(names(searched)).toEqual(['transfer_list_n_uq', 'transfer_list_uq']);
    expect(names(await preparedBy(() => countTransfers(db().db, crew, { sender: true, receiver: true })))).toEqual(['transfer_counts_sr']);
    expect(names(await preparedBy(() => countTransfers(db().db, crew, { sender: false, receiver: true })))).toEqual(['transfer_counts_r']);
  });

  it('sends the watch lists as named statements, one text for one store and for an area of ten', async () => {
    const [chief, area] = [await memberOf(db(), DEMO_NIK.STORE_CHIEF), await memberOf(db(), DEMO_NIK.AREA_SUPERVISOR)];
    for (const [read, name] of [
      [listLocked, 'transfer_locked'],
      [listDiscrepancies, 'transfer_discrepancies'],
    ] as const) {
      const byChief = await preparedBy(() => read(db().db, chief, page));
      expect(names(byChief)).toEqual([`${name}_n_s`, `${name}_s`]);
      expect(await preparedBy(() => read(db().db, area, page))).toEqual(byChief);
      expect(scopedByArray(byChief)).toBe(true);
      expect(names(await preparedBy(() => read(db().db, area, { ...page, storeCode: 'T002' })))).toEqual([`${name}_n_sc`, `${name}_sc`]);
    }
  });

  it('sends the receiver search by its pieces for a two-letter word, as a scan for another short text, else through the trigram indexes', async () => {
    const crew = await memberOf(db(), DEMO_NIK.STAFF);
    // The demo's 60 stores: every two-letter word is held by fewer than PAIR_WALK_FROM, so its page is read from the pieces.
    const pair = await preparedBy(() => listTransferStores(db().db, crew, { ...page, q: 'an' }));
    expect(names(pair)).toEqual(['transfer_pair_n', 'transfer_stores_p']);
    const walked = await preparedBy(() => listTransferStores(db().db, crew, { ...page, q: 'an' }, 1));
    expect(names(walked)).toEqual(['transfer_pair_n', 'transfer_stores_w']);
    const short = await preparedBy(() => listTransferStores(db().db, crew, { ...page, q: 'äb' }));
    expect(names(short)).toEqual(['transfer_stores_n_w', 'transfer_stores_w']);
    const long = await preparedBy(() => listTransferStores(db().db, crew, { ...page, q: 'toko' }));
    expect(names(long)).toEqual(['transfer_stores', 'transfer_stores_n']);
    // The page is the trigram matches as a subquery of their own, sorted by code (not a walk of the primary key).
    expect(long.find((s) => s.name === 'transfer_stores')!.text).toMatch(/from \(select .* offset \$\d+\) "matched" order by "matched"\."code"/);
    // Both shapes answer what ilike answers, letters in either case and LIKE's wildcards taken literally.
    for (const q of ['aN', 'T0', '%_', 'Toko', 't00']) {
      const pattern = `%${escapeLike(q)}%`;
      const expected = await db()
        .db.select({ storeCode: stores.code })
        .from(stores)
        .where(and(ne(stores.code, 'T001'), or(ilike(stores.name, pattern), ilike(stores.code, pattern))))
        .orderBy(asc(stores.code));
      const found = await listTransferStores(db().db, crew, { page: 1, size: 100, q });
      expect({ q, total: found.total, codes: found.items.map((s) => s.storeCode) }).toEqual({ q, total: expected.length, codes: expected.slice(0, 100).map((s) => s.storeCode) });
    }
  });
});
