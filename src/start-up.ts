import { ConsoleLogger, LogLevel } from '@nestjs/common';
import { StartupError } from './config/startup-error';

/**
 * Nest's own start-up lines: one per module (InstanceLoader) and one per
 * controller and route (RoutesResolver, RouterExplorer), several hundred in
 * all. They are logged at `debug`: at `info` the start-up log stays short
 * enough to read, ending with the closing block (`readyBlock`).
 */
const NEST_START_UP = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/** Nest's logger, with its start-up chatter moved down to `debug`. */
export class ServiceLogger extends ConsoleLogger {
  log(message: unknown, ...rest: unknown[]): void {
    const context = rest.at(-1);
    if (typeof context === 'string' && NEST_START_UP.has(context)) return this.debug(message, ...rest);
    super.log(message, ...rest);
  }
}

/** Nest's messages follow LOG_LEVEL too (pino's names): at `warn`, start-up chatter is left out. */
export function nestLogLevels(level: string): LogLevel[] {
  const order: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
  const upTo = { fatal: 0, error: 1, warn: 2, info: 3, debug: 4, trace: 5 }[level] ?? 3;
  return order.slice(0, upTo + 1);
}

/** The process's logger for LOG_LEVEL, or false (silent). */
export function serviceLogger(level: string): ServiceLogger | false {
  return level === 'silent' ? false : new ServiceLogger({ logLevels: nestLogLevels(level) });
}

export interface ReadyFacts {
  port: number;
  /** An admin's API key created at this start: shown here, once. */
  adminApiKey?: string;
  adminEmail: string;
  /** What the service serves, e.g. "embedded PostgreSQL of .data/postgres on port 54329". */
  database: string;
}

/**
 * The last lines of the start-up log: where the service answers, its docs,
 * the admin key of a first start, and what to read next.
 */
export function readyBlock(facts: ReadyFacts): string {
  const base = `http://localhost:${facts.port}`;
  const lines = [
    '',
    `Commerce API ready at ${base}/api`,
    `  Docs:      ${base}/api/docs (the OpenAPI document: ${base}/api/openapi.json)`,
    `  Database:  ${facts.database}`,
  ];
  if (facts.adminApiKey) {
    lines.push(`  Admin key: ${facts.adminApiKey}`, `             (${facts.adminEmail}; shown this once: keep it. Set ADMIN_API_KEY to choose your own.)`);
  }
  lines.push('  Next:      docs/getting-started.md, from here to a completed order in ten curl commands', '');
  return lines.join('\n') + '\n';
}

/**
 * How main.ts, cli.ts and worker.ts end when they cannot start: a StartupError
 * as its message and advice (no stack: nothing in the code to look at), any
 * other error as it is.
 */
export function reportStartFailure(error: unknown, adminApiKey?: string): void {
  const text = error instanceof StartupError ? error.describe() : error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`\n${text}\n`);
  // Created before the failure and stored only as a digest: this is its one showing.
  if (adminApiKey) process.stderr.write(`\nThe admin API key created at this start (shown this once, keep it): ${adminApiKey}\n`);
}
