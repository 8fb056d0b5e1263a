import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO_NIK } from '../../seed/demo-data';
import { describeOnPostgres, literal, sentBy, memberOf } from '../../test/plans';
import { searchStock } from './lookup';

// The product search is a prepared read (decision 163): its page and count as named statements.

interface PlanNode {
  'Relation Name'?: string;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

describeOnPostgres('the product search as the app sends it', (db) => {
  it('sends its page and count as named statements, the words and my store as values', async () => {
    const crew = await memberOf(db(), DEMO_NIK.STAFF);
    const search = async (q: string) => {
      let total = 0;
      const sent = await sentBy(async () => (total = (await searchStock(db().db, crew, { q, page: 1, size: 20 })).total));
      return { sent: sent.sort((a, b) => String(a.name).localeCompare(String(b.name))), total };
    };
    const an = await search('an');
    const beras = await search(' beras ');
    expect(an.total).toBeGreaterThan(0);
    expect(an.sent.map((s) => s.name)).toEqual(['stock_search', 'stock_search_n']);
    // Another word is the same two statements with other values.
    expect(beras.sent.map((s) => s.text)).toEqual(an.sent.map((s) => s.text));
    expect(beras.sent.find((s) => s.name === 'stock_search')!.values).toEqual(expect.arrayContaining(['%beras%', 'beras', 'T001', 20, 0]));
  });

  it("looks up my store's stock for the page's products only, not for every match", async () => {
    const crew = await memberOf(db(), DEMO_NIK.STAFF);
    const sent = await sentBy(() => searchStock(db().db, crew, { q: 'an', page: 1, size: 5 }));
    const page = sent.find((s) => s.name === 'stock_search')!;
    const { rows: counted } = (await db().db.execute(sql`select count(*)::int as n from products where name ilike '%an%'`)) as unknown as { rows: Array<{ n: number }> };
    expect(counted[0]!.n).toBeGreaterThan(5);
    // As a named statement settles on (a generic plan), run: the stock's index is walked once per row of the page.
    const plan = await db().db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare explained as ${page.text}`));
      try {
        const { rows } = (await tx.execute(sql.raw(`explain (analyze, format json) execute explained(${page.values.map(literal).join(', ')})`))) as unknown as { rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }> };
        return rows[0]!['QUERY PLAN'][0]!.Plan;
      } finally {
        await tx.execute(sql`deallocate explained`);
      }
    });
    const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
    const stockLoops = nodes(plan).filter((node) => node['Relation Name'] === 'store_stock').map((node) => node['Actual Loops']);
    expect(stockLoops).toEqual([5]);
  });
});
