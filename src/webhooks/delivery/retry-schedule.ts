/**
 * When a failed delivery is tried again: exponential back-off with jitter.
 * The n-th retry waits between half and all of `base × 2^(n-1)`, capped at
 * `maxDelay`; with the defaults (30 s, 4 h, 15 attempts) the attempts span
 * about a day. Null once `maxAttempts` attempts were made: the delivery failed.
 */
export function retryDelayMs(attemptsMade: number, options: { baseMs: number; maxDelayMs: number; maxAttempts: number }, random: () => number = Math.random): number | null {
  if (attemptsMade >= options.maxAttempts) return null;
  const full = Math.min(options.maxDelayMs, options.baseMs * 2 ** Math.min(attemptsMade - 1, 40));
  return Math.round(full / 2 + (full / 2) * random());
}
