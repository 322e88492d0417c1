/** A turn not given within the wait allowed. */
export class NoTurnError extends Error {
  constructor(readonly waitedMs: number) {
    super(`No turn within ${waitedMs} ms`);
  }
}

/**
 * At most `size` pieces of work at once; the others wait their turn, first
 * come first served, each up to `waitMs` (then `NoTurnError`). A finished
 * piece hands its turn straight to the next in line.
 */
export class Turns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly size: number,
    private readonly waitMs: number,
  ) {}

  /** Pieces of work running now, and waiting. */
  get counts(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.size) this.running++;
    else await this.turn();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private turn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const go = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(go), 1);
        reject(new NoTurnError(this.waitMs));
      }, this.waitMs);
      this.waiting.push(go);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
