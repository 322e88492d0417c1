import { INestApplication, Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { Server } from 'node:http';

export interface GracefulShutdownOptions {
  /** How long in-flight requests may take to finish after the signal; then their connections are cut. */
  timeoutMs: number;
  /** Runs after the app is closed (its database pool included), e.g. to stop the embedded PostgreSQL. */
  afterClose?: () => Promise<void>;
  signals?: NodeJS.Signals[];
}

/**
 * On SIGTERM (or SIGINT): stop accepting connections at once, let the
 * requests already in flight finish (each answered with `Connection: close`
 * so keep-alive clients go away), then close the app (its database pool) and
 * exit 0. Requests still running after `timeoutMs` have their connections cut
 * and the process exits 1; so does a second signal. Call before `app.listen`
 * so the `Connection: close` middleware runs ahead of the routes.
 */
export function shutDownGracefully(app: INestApplication, options: GracefulShutdownOptions): void {
  const logger = new Logger('Shutdown');
  let draining = false;
  // Responses not yet sent, so the ones in flight at the signal can be told to close their connection too.
  const unanswered = new Set<Response>();
  const closeAfter = (res: Response) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  app.use((_req: Request, res: Response, next: NextFunction) => {
    if (draining) closeAfter(res);
    else {
      unanswered.add(res);
      res.once('close', () => unanswered.delete(res));
    }
    next();
  });

  const shutDown = async (signal: NodeJS.Signals): Promise<void> => {
    if (draining) {
      // A second signal (Ctrl-C twice): stop waiting.
      logger.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    draining = true;
    unanswered.forEach(closeAfter);
    logger.log(`${signal}: no new connections; waiting up to ${options.timeoutMs} ms for requests in flight`);
    const server = app.getHttpServer() as Server;
    let drained = true;
    await new Promise<void>((resolve) => {
      const deadline = setTimeout(() => {
        drained = false;
        logger.warn('Requests still in flight at the shutdown deadline: closing their connections');
        server.closeAllConnections();
        resolve();
      }, options.timeoutMs);
      // Stops listening now, and calls back once the last connection has ended.
      server.close(() => {
        clearTimeout(deadline);
        resolve();
      });
      // Keep-alive connections that were idle at the signal would otherwise hold the server open.
      server.closeIdleConnections();
    });
    try {
      await app.close();
      await options.afterClose?.();
    } catch (error) {
      logger.error(`Error while shutting down: ${error instanceof Error ? error.message : String(error)}`);
      drained = false;
    }
    logger.log(drained ? 'Stopped' : 'Stopped (forced)');
    process.exit(drained ? 0 : 1);
  };
  for (const signal of options.signals ?? ['SIGTERM', 'SIGINT']) process.on(signal, (s: NodeJS.Signals) => void shutDown(s));
}
