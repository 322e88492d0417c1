import PgBoss from 'pg-boss';

/** One job's outcome in a worker's batch. */
export interface JobResult {
  id: string;
  status: 'completed' | 'failed';
  output?: object;
}

export interface QueueWorkerOptions {
  batchSize: number;
  pollingIntervalSeconds: number;
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

  /** Finishes the batch in hand, then stops fetching. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.running;
  }

  private async loop(): Promise<void> {
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

  private async settle(results: JobResult[]): Promise<void> {
    const completed = results.filter((r) => r.status === 'completed').map((r) => r.id);
    if (completed.length > 0) await this.boss.complete(this.queue, completed);
    for (const failed of results.filter((r) => r.status === 'failed')) await this.boss.fail(this.queue, failed.id, failed.output ?? {});
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }
}
