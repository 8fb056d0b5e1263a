import { describe, expect, it } from 'vitest';
import { measureCpu, processCpuMs, treeCpuMs, treeCpuSince } from './day-cpu';

describe('day-cpu: CPU per step from /proc', () => {
  it('counts a process started since from zero and never lets one that exited take time away', () => {
    const before = new Map([[1, 500], [2, 300], [3, 900]]);
    // 3 exited (a pooled connection closed), 4 started.
    const after = new Map([[1, 700], [2, 350], [4, 40]]);
    expect(treeCpuSince(before, after)).toBe(200 + 50 + 40);
  });

  it("measures this process's own CPU over busy work", async () => {
    const { result, cpu } = await measureCpu(process.pid, process.ppid, async () => {
      const end = performance.now() + 150;
      let n = 0;
      while (performance.now() < end) n++;
      return n;
    });
    expect(result).toBeGreaterThan(0);
    // A busy 150 ms wall is at least ~100 ms of CPU even on a shared host (ticks are 10 ms).
    expect(cpu.serverMs).toBeGreaterThanOrEqual(50);
    expect(cpu.postgresMs).toBeGreaterThanOrEqual(0);
    expect(treeCpuMs(process.ppid).get(process.pid)).toBeGreaterThan(0);
    expect(processCpuMs(process.pid)).toBeGreaterThan(0);
  });
});
