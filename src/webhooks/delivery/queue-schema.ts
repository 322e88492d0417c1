import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import PgBoss from 'pg-boss';

/** The pg-boss queue of webhook deliveries: one job per attempt of a delivery. */
export const DELIVERY_QUEUE = 'webhook-delivery';

/** The schema version this pg-boss installs (its package's version.json). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const QUEUE_SCHEMA_VERSION: number = require('pg-boss/version.json').schema;

/**
 * The queue's settings, for a process that died or a database that failed
 * mid-job (an endpoint's failures are retried by our own schedule): 10 retries,
 * from 5 s doubling (pg-boss 10 has no ceiling on the back-off: about 1 h at the last).
 */
export function queueOptions(jobExpireSeconds: number) {
  return { expireInSeconds: jobExpireSeconds, retryLimit: 10, retryDelay: 5, retryBackoff: true };
}

/**
 * Installs or upgrades pg-boss's schema with pg-boss's own migrator
 * (prepare-database.ts, before the service serves, under its advisory lock).
 * A schema made by a newer pg-boss (12, before the service required Node 20
 * support) cannot be used by this one, and pg-boss has no way down: it is
 * replaced, and the pending deliveries, which our own table records, get their
 * job back (the attempt each is due for, when it is due).
 */
export async function installQueueSchema(databaseUrl: string, config?: { jobExpireSeconds: number }): Promise<void> {
  const newer = await dropNewerQueueSchema(databaseUrl);
  const boss = new PgBoss({ connectionString: databaseUrl, max: 1, migrate: true, supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  try {
    if (newer) {
      await boss.createQueue(DELIVERY_QUEUE, { name: DELIVERY_QUEUE, ...queueOptions(config?.jobExpireSeconds ?? 120) });
      const pending: Array<{ id: string; attempts: number; next_attempt_at: Date | null }> = (
        await boss.getDb().executeSql(`SELECT id, attempts, next_attempt_at FROM webhook_deliveries WHERE state = 'pending' ORDER BY id`, [])
      ).rows;
      new Logger('Webhooks').warn(`pg-boss's schema had been made by a newer pg-boss: replaced; ${pending.length} pending deliveries queued again`);
      if (pending.length > 0) {
        await boss.insert(
          pending.map((d) => ({
            name: DELIVERY_QUEUE,
            data: { delivery_id: Number(d.id), attempt: d.attempts + 1 },
            ...(d.next_attempt_at ? { startAfter: new Date(d.next_attempt_at).toISOString() } : {}),
          })),
        );
      }
    }
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

/** Drops the `pgboss` schema when a newer pg-boss made it; true if it did. */
async function dropNewerQueueSchema(databaseUrl: string): Promise<boolean> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT version FROM pgboss.version`).catch(() => ({ rows: [] as Array<{ version: number }> }));
    if (rows.length === 0 || Number(rows[0].version) <= QUEUE_SCHEMA_VERSION) return false;
    await client.query('DROP SCHEMA pgboss CASCADE');
    return true;
  } finally {
    await client.end();
  }
}
