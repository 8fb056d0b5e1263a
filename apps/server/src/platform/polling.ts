import type { FastifyBaseLogger } from 'fastify';

export interface Polling {
  /** Runs a pass now, after the one in progress if any; kicks that arrive meanwhile share that one pass. */
  kick(): Promise<void>;
  /** Stops polling and waits for the pass in progress. */
  stop(): Promise<void>;
}

/**
 * A background worker's loop (the channel notices' and the pushes' outboxes): a pass every `pollMs`
 * and on every kick, never two at once in one process (processes share the rows through SKIP LOCKED).
 * A failing pass is logged and the next tick tries again.
 */
export function startPolling(options: { pass: () => Promise<unknown>; pollMs: number; log: Pick<FastifyBaseLogger, 'error'>; failure: string }): Polling {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let queued: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const pass = (): Promise<void> => {
    // A burst of kicks (a burst of intakes) queues one more pass, not one per kick.
    if (queued) return queued;
    const next = running.then(async () => {
      queued = null;
      if (stopped) return;
      try {
        await options.pass();
      } catch (err) {
        options.log.error({ err }, options.failure);
      }
    });
    queued = next;
    running = next;
    return next;
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void pass().then(schedule), options.pollMs);
    timer.unref();
  };
  schedule();
  return {
    kick: pass,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
