// Many callers asking the database the same kind of question at once (a thousand pages back
// after a restart: who is my token, what changed since my seq) are answered by one query for
// all of them instead of one each. A read waits for the next turn of the event loop, or, while
// `maxInFlight` batches are out, for one of them to finish; then every read waiting goes in one
// batch. A batch starts only after each of its reads was asked for, so no caller gets an answer
// older than its request (what a delta poll after resubscribing relies on).

export type ReadMany<K, V> = (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>;

type Waiting<K, V> = {
  key: K;
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
};

export class ReadBatcher<K, V> {
  private waiting: Waiting<K, V>[] = [];
  private inFlight = 0;
  private due = false;

  constructor(
    private readonly readMany: ReadMany<K, V>,
    private readonly maxInFlight = 2,
  ) {}

  /** What `readMany` answers for `key`, undefined when it has no answer for it. */
  read(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ key, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.due || this.inFlight >= this.maxInFlight || this.waiting.length === 0) return;
    this.due = true;
    setImmediate(() => {
      this.due = false;
      void this.send();
    });
  }

  private async send(): Promise<void> {
    const batch = this.waiting;
    if (batch.length === 0) return;
    this.waiting = [];
    this.inFlight += 1;
    try {
      const answers = await this.readMany([...new Set(batch.map((w) => w.key))]);
      for (const w of batch) w.resolve(answers.get(w.key));
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      this.inFlight -= 1;
      this.schedule();
    }
  }
}
