import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/decisions.md: the index a newcomer starts from must name every decision, once, with its area and status.
const text = readFileSync(new URL('./decisions.md', import.meta.url), 'utf8');
const [indexPart, body] = text.split('\n## Decisions\n');

const decisions = [...body!.matchAll(/^(\d+)\. \*\*/gm)].map((m) => Number(m[1]));
const rows = [...indexPart!.matchAll(/^\| (\d+) \| (.+?) \| (.+?) \| (.+?) \|$/gm)].map((m) => ({ n: Number(m[1]), area: m[3]!, status: m[4]! }));
const byArea = [...indexPart!.matchAll(/^\| ([A-Z][^|]+?) \| ([\d, ]+) \|$/gm)].map((m) => ({ area: m[1]!, nums: m[2]!.split(', ').map(Number) }));

describe('docs/decisions.md index', () => {
  it('numbers the decisions 1, 2, 3… without a gap or a repeat', () => {
    expect(decisions).toEqual(decisions.map((_, i) => i + 1));
  });

  it('has one row per decision, with an area and a status', () => {
    expect(rows.map((r) => r.n)).toEqual(decisions);
    for (const r of rows) expect(r.status, `decision ${r.n}`).toMatch(/^(in force|amended by \d+(, \d+)*|replaced by \d+)$/);
  });

  it('lists every decision under exactly the area its row names', () => {
    const listed = byArea.flatMap((a) => a.nums.map((n) => ({ n, area: a.area })));
    expect(listed.map((l) => l.n).sort((a, b) => a - b)).toEqual(decisions);
    for (const l of listed) expect(rows.find((r) => r.n === l.n)?.area, `decision ${l.n}`).toBe(l.area);
  });

  it('a replaced decision names one that exists and is in force', () => {
    for (const r of rows.filter((x) => x.status.startsWith('replaced by'))) {
      const by = Number(r.status.split(' ').pop());
      expect(rows.find((x) => x.n === by)?.status, `decision ${r.n} replaced by ${by}`).toBe('in force');
    }
  });
});
