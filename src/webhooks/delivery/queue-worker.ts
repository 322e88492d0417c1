import PgBoss from 'pg-boss';

/** One job's outcome in a worker's batch. */
export interface JobResult {
  id: string;
  /** `settled`: the handler completed the job itself (e.g. put it back for later in its own transaction). */
  status: 'completed' | 'failed' | 'settled';
  output?: object;
}

export interface QueueWorkerOptions {
  batchSize: number;
  pollingIntervalSeconds: number;
  /**
   * Jobs in hand at once, each handled and settled on its own as soon as it
   * is done, and the next fetched as soon as one is: a slow job holds its own
   * slot, not a batch. Without it, a batch at a time (ended by its slowest job).
   */
  inFlight?: number;
}

/**
 * Fetches a queue's jobs in batches and completes or fails each by its
 * outcome. It replaces pg-boss's `work()`, whose loop completes and fails jobs
 * without awaiting them: with the database down that is an unhandled
 * rejection, which ends a Node process. Here every statement is awaited and
 * its failure reported; a job left active comes back when it expires.
 */
export class QueueWorker<T> {
  private stopping = false;
  private running: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private notified = false;

  constructor(
    private readonly boss: PgBoss,
    private readonly queue: string,
    private readonly options: QueueWorkerOptions,
    private readonly handle: (jobs: PgBoss.Job<T>[]) => Promise<JobResult[]>,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.running ??= this.loop();
  }

  /** Fetch now rather than at the next poll (jobs were just queued). */
  notify(): void {
    this.notified = true;
    this.wake?.();
  }

  /** Finishes the jobs in hand, then stops fetching. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.running;
  }

  /** Jobs being handled in `inFlight` mode. */
  private readonly inHand = new Set<Promise<void>>();

  private async loop(): Promise<void> {
    if (this.options.inFlight) return this.loopInFlight(this.options.inFlight);
    while (!this.stopping) {
      this.notified = false;
      let full = false;
      try {
        const jobs = await this.boss.fetch<T>(this.queue, { batchSize: this.options.batchSize });
        if (jobs.length > 0) {
          full = jobs.length === this.options.batchSize;
          await this.settle(await this.handle(jobs));
        }
      } catch (error) {
        this.onError(error);
      }
      // A full batch means more is waiting: fetch again at once.
      if (!this.stopping && !full && !this.notified) await this.pause(this.options.pollingIntervalSeconds * 1000);
    }
  }

  /**
   * `inFlight` mode: fetch into free slots, handle each job on its own. A
   * job done frees its slot at once; the worker fetches again when half the
   * slots are free (or at the poll, or when notified), so a fetch brings
   * several jobs, and completes the jobs done since the last fetch in one
   * statement first.
   */
  private async loopInFlight(slots: number): Promise<void> {
    const enough = Math.max(1, Math.ceil(slots / 2));
    let polled = true;
    while (!this.stopping) {
      const notified = this.notified;
      this.notified = false;
      const room = slots - this.inHand.size;
      const fetching = room > 0 && (room >= enough || polled || notified);
      if (fetching || polled) await this.completeDone();
      let full = false;
      if (fetching) {
        const wanted = Math.min(room, this.options.batchSize);
        try {
          const jobs = await this.boss.fetch<T>(this.queue, { batchSize: wanted });
          full = jobs.length === wanted;
          for (const job of jobs) this.begin(job);
        } catch (error) {
          this.onError(error);
        }
      }
      // More may wait (a full fetch) and there is room: fetch again at once. Else wait for the poll, a
      // notification or a job done.
      if (this.stopping || this.notified || (full && slots - this.inHand.size >= enough)) {
        polled = false;
        continue;
      }
      polled = await this.pause(this.options.pollingIntervalSeconds * 1000);
    }
    await Promise.all(this.inHand);
    await this.completeDone();
  }

  /** Jobs done and not yet marked completed (`inFlight` mode). */
  private done: string[] = [];

  private async completeDone(): Promise<void> {
    if (this.done.length === 0) return;
    const ids = this.done;
    this.done = [];
    try {
      await this.boss.complete(this.queue, ids);
    } catch (error) {
      // Left active: they come back when they expire, and each records its attempt once.
      this.onError(error);
    }
  }

  private begin(job: PgBoss.Job<T>): void {
    const handled: Promise<void> = (async () => {
      try {
        const results = await this.handle([job]);
        for (const r of results) if (r.status === 'completed') this.done.push(r.id);
        await this.settle(results.filter((r) => r.status === 'failed'));
      } catch (error) {
        this.onError(error);
      }
    })().finally(() => {
      this.inHand.delete(handled);
      this.wake?.();
    });
    this.inHand.add(handled);
  }

  private async settle(results: JobResult[]): Promise<void> {
    const completed = results.filter((r) => r.status === 'completed').map((r) => r.id);
    if (completed.length > 0) await this.boss.complete(this.queue, completed);
    for (const failed of results.filter((r) => r.status === 'failed')) await this.boss.fail(this.queue, failed.id, failed.output ?? {});
  }

  /** Waits `ms` or until woken; true when the time ran out (a poll). */
  private pause(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(true), ms);
      const done = (polled: boolean) => {
        clearTimeout(timer);
        if (this.wake === wake) this.wake = undefined;
        resolve(polled);
      };
      const wake = () => done(false);
      this.wake = wake;
    });
  }
}
