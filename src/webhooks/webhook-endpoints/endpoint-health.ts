import { EntityManager } from 'typeorm';

/**
 * An endpoint's health after an attempt (webhook_endpoints is owned by this
 * folder; the deliverer calls this): a success clears `failing_since`; a
 * failure starts it, and an endpoint failing without a success for longer
 * than `disableAfterMs` is disabled with the reason said.
 */
export async function recordEndpointHealth(em: EntityManager, endpointId: number, ok: boolean, error: string | null, disableAfterMs: number): Promise<void> {
  if (ok) {
    await em.query(`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL`, [endpointId]);
    return;
  }
  await em.query(
    `UPDATE webhook_endpoints
        SET failing_since = COALESCE(failing_since, now()),
            enabled = false, disabled_at = now(),
            disabled_reason = 'Disabled after failing since ' || to_char(failing_since AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || ' without a success; last error: ' || left($2, 500),
            updated_at = now()
      WHERE id = $1 AND enabled AND failing_since IS NOT NULL AND failing_since <= now() - make_interval(secs => $3::float8 / 1000)`,
    [endpointId, error ?? 'unknown', disableAfterMs],
  );
  await em.query(`UPDATE webhook_endpoints SET failing_since = now() WHERE id = $1 AND failing_since IS NULL`, [endpointId]);
}
