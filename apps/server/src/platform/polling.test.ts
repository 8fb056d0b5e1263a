import { describe, expect, it, vi } from 'vitest';
import { startPolling } from './polling';

const quietLog = { error: () => undefined };

describe('startPolling', () => {
  it('runs a pass every pollMs until stopped', async () => {
    let passes = 0;
    const polling = startPolling({ pass: async () => void passes++, pollMs: 10, log: quietLog, failure: 'x' });
    await vi.waitFor(() => expect(passes).toBeGreaterThanOrEqual(3));
    await polling.stop();
    const after = passes;
    await new Promise((r) => setTimeout(r, 40));
    expect(passes).toBe(after);
  });

  it('never runs two passes at once, and kicks during a pass share one more pass', async () => {
    let active = 0;
    let most = 0;
    let passes = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const polling = startPolling({
      pass: async () => {
        active++;
        most = Math.max(most, active);
        passes++;
        if (passes === 1) await gate;
        active--;
      },
      pollMs: 60_000,
      log: quietLog,
      failure: 'x',
    });
    const first = polling.kick();
    await vi.waitFor(() => expect(passes).toBe(1));
    const kicks = [polling.kick(), polling.kick(), polling.kick()];
    expect(kicks[1]).toBe(kicks[0]);
    release();
    await Promise.all([first, ...kicks]);
    expect(passes).toBe(2);
    expect(most).toBe(1);
    await polling.stop();
  });

  it('logs a failing pass and goes on with the next', async () => {
    const errors: string[] = [];
    let passes = 0;
    const polling = startPolling({
      pass: async () => {
        passes++;
        if (passes === 1) throw new Error('down');
      },
      pollMs: 60_000,
      log: { error: (_obj: unknown, msg?: string) => void errors.push(msg ?? '') },
      failure: 'outbox pass failed',
    });
    await polling.kick();
    await polling.kick();
    expect(errors).toEqual(['outbox pass failed']);
    expect(passes).toBe(2);
    await polling.stop();
  });

  it('stop waits for the pass in progress and no pass starts after it', async () => {
    let finished = false;
    let passes = 0;
    const polling = startPolling({
      pass: async () => {
        passes++;
        await new Promise((r) => setTimeout(r, 30));
        finished = true;
      },
      pollMs: 60_000,
      log: quietLog,
      failure: 'x',
    });
    void polling.kick();
    await vi.waitFor(() => expect(passes).toBe(1));
    await polling.stop();
    expect(finished).toBe(true);
    await polling.kick();
    expect(passes).toBe(1);
  });
});
