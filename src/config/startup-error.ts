/**
 * A reason the service (or the CLI, or the worker) cannot start that its user
 * can fix: printed as it is, with what to do, without a stack trace.
 */
export class StartupError extends Error {
  constructor(
    message: string,
    /** What to do about it. */
    readonly advice: string,
  ) {
    super(message);
    this.name = 'StartupError';
  }

  /** The text shown to the user. */
  describe(): string {
    return `${this.message}\n${this.advice}`;
  }
}
