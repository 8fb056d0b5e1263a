import { describe, expect, it } from 'vitest';
import { addSample, topShares } from './day-waits';

describe('day-waits: what the busy backends waited on', () => {
  it('sums the samples per wait and names the largest shares first', () => {
    const totals: Record<string, number> = {};
    addSample(totals, [{ wait: 'CPU', n: 3 }, { wait: 'Lock:transactionid', n: 1 }], 'wait');
    addSample(totals, [{ wait: 'CPU', n: 2 }, { wait: 'LWLock:NotifyQueue', n: 2 }], 'wait');
    expect(totals).toEqual({ CPU: 5, 'Lock:transactionid': 1, 'LWLock:NotifyQueue': 2 });
    expect(topShares(totals, 2)).toEqual(['CPU 62.5 %', 'LWLock:NotifyQueue 25.0 %']);
    expect(topShares({}, 3)).toEqual([]);
  });
});
