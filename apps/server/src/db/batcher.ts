/**
 * Coalesces calls that arrive together into one batch call. A batch starts as
 * soon as the previous one (up to `concurrency` of them) has finished, taking
 * everything that queued up meanwhile, up to `maxBatch` items: under load the
 * database sees a few large calls instead of many small ones, and a lone call
 * waits for nothing but the current event-loop turn.
 *
 * With `isolate`, a batch that failed with an error `isolate` accepts is split
 * in halves and each half run again, down to single items: one bad item fails
 * only its own caller, and the good ones still share calls (a bad item among
 * 64 costs about a dozen calls, not 64). `isolate` must accept only errors
 * after which the batch is known to have changed nothing.
 */
export class Batcher<In, Out> {
  private readonly queue: Array<Pending<In, Out>> = [];
  private running = 0;
  private scheduled = false;

  constructor(
    /** Answers every item, in the order given. */
    private readonly runBatch: (items: In[]) => Promise<Out[]>,
    private readonly options: { maxBatch: number; concurrency: number; isolate?: (err: unknown) => boolean },
  ) {}

  submit(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.running >= this.options.concurrency) return;
    this.scheduled = true;
    // After the current I/O phase: every request read in it joins this batch.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.queue.length === 0 || this.running >= this.options.concurrency) return;
    const batch = this.queue.splice(0, this.options.maxBatch);
    this.running++;
    // What did not fit may start its own batch alongside, within the concurrency allowed.
    if (this.queue.length > 0) this.schedule();
    try {
      await this.settle(batch);
    } finally {
      this.running--;
      if (this.queue.length > 0) this.schedule();
    }
  }

  /** Runs a batch and answers its callers; a failure `isolate` accepts is retried in halves. */
  private async settle(batch: Array<Pending<In, Out>>): Promise<void> {
    try {
      const outs = await this.runBatch(batch.map((b) => b.item));
      batch.forEach((b, i) => b.resolve(outs[i]!));
    } catch (err) {
      if (batch.length === 1 || !this.options.isolate?.(err)) {
        for (const b of batch) b.reject(err);
        return;
      }
      // In order, so items of one order keep their arrival order.
      const half = Math.ceil(batch.length / 2);
      await this.settle(batch.slice(0, half));
      await this.settle(batch.slice(half));
    }
  }
}

interface Pending<In, Out> {
  item: In;
  resolve: (out: Out) => void;
  reject: (err: unknown) => void;
}
