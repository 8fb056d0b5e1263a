/**
 * Coalesces calls that arrive together into one batch call. A batch starts as
 * soon as the previous one (up to `concurrency` of them) has finished, taking
 * everything that queued up meanwhile, up to `maxBatch` items: under load the
 * database sees a few large calls instead of many small ones, and a lone call
 * waits for nothing but the current event-loop turn.
 */
export class Batcher<In, Out> {
  private readonly queue: Array<{ item: In; resolve: (out: Out) => void; reject: (err: unknown) => void }> = [];
  private running = 0;
  private scheduled = false;

  constructor(
    /** Answers every item, in the order given. */
    private readonly runBatch: (items: In[]) => Promise<Out[]>,
    private readonly options: { maxBatch: number; concurrency: number },
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
      const outs = await this.runBatch(batch.map((b) => b.item));
      batch.forEach((b, i) => b.resolve(outs[i]!));
    } catch (err) {
      for (const b of batch) b.reject(err);
    } finally {
      this.running--;
      if (this.queue.length > 0) this.schedule();
    }
  }
}
