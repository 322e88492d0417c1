import type { LoggerService } from '@nestjs/common';

/** Every line Nest's application log writes, with its level, for tests that check what is (not) logged. */
export class CapturingLogger implements LoggerService {
  readonly lines: { level: string; text: string }[] = [];

  /** The lines as `<level> <text>`, joined: for searching the whole log for a secret. */
  joined(): string {
    return this.lines.map((l) => `${l.level} ${l.text}`).join('\n');
  }

  private push(level: string, args: unknown[]) {
    this.lines.push({ level, text: args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' ') });
  }
  log(...args: unknown[]) { this.push('log', args); }
  error(...args: unknown[]) { this.push('error', args); }
  warn(...args: unknown[]) { this.push('warn', args); }
  debug(...args: unknown[]) { this.push('debug', args); }
  verbose(...args: unknown[]) { this.push('verbose', args); }
  fatal(...args: unknown[]) { this.push('fatal', args); }
}
