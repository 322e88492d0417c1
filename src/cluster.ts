import cluster, { Worker } from 'node:cluster';
import type { Logger } from '@nestjs/common';

export interface PrimaryOptions {
  /** The database the primary has prepared (migrations, seeds): workers serve it as they are. */
  databaseUrl: string;
  /** Stops the embedded PostgreSQL the primary started, after the last worker has gone. */
  stopEmbedded?: () => Promise<void>;
  logger: Logger;
  /** How long workers get to finish their requests on SIGTERM/SIGINT before they are killed. */
  shutdownTimeoutMs?: number;
  /** Called once, when every worker first listens (the start-up log's closing block). */
  onListening?: () => void;
}

/**
 * The cluster's primary: forks `count` workers, each creating the app and
 * listening on the same port (the primary hands out connections). A worker
 * that dies is replaced, except one that never got to listen (a start-up
 * failure would only repeat: the primary exits with an error instead). On
 * SIGTERM or SIGINT the workers are asked to stop, and the primary exits when
 * they have.
 */
export function runPrimary(count: number, options: PrimaryOptions): void {
  const { logger } = options;
  const listened = new Set<number>();
  let stopping = false;
  let exitCode = 0;

  const fork = () => cluster.fork({ DATABASE_URL: options.databaseUrl });
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());

  const finish = async () => {
    await options.stopEmbedded?.().catch((error) => logger.error(`Stopping the embedded PostgreSQL failed: ${error}`));
    process.exit(exitCode);
  };
  const shutdown = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const workers = alive();
    if (workers.length === 0) return void finish();
    for (const worker of workers) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of alive()) worker.process.kill('SIGKILL');
    }, options.shutdownTimeoutMs ?? 30_000).unref();
  };

  let announced = false;
  cluster.on('listening', (worker) => {
    listened.add(worker.id);
    if (!announced && listened.size >= count) {
      announced = true;
      options.onListening?.();
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (alive().length === 0) void finish();
      return;
    }
    if (!listened.has(worker.id)) {
      logger.error(`Worker ${worker.process.pid} exited (${signal ?? code}) before it could serve: stopping`);
      shutdown(1);
      return;
    }
    logger.warn(`Worker ${worker.process.pid} exited (${signal ?? code}): starting a new one`);
    fork();
  });
  process.once('SIGTERM', () => shutdown(0));
  process.once('SIGINT', () => shutdown(0));

  for (let i = 0; i < count; i++) fork();
  logger.log(`Primary ${process.pid} starting ${count} workers`);
}
