import { randomInt } from 'node:crypto';
import { EntityManager } from 'typeorm';

/** "R" + 9 random digits (orders), "H" + 11 (shipments), "RMA" + 9 (return authorizations): Spree's number formats. */
export function randomNumber(prefix: string, digits: number): string {
  let out = prefix;
  for (let i = 0; i < digits; i++) out += String(randomInt(10));
  return out;
}

/**
 * A number not yet used in `table.number`. Collisions are rare; the unique
 * index is the final guard, this only avoids a failed insert in the common case.
 */
export async function unusedNumber(em: EntityManager, table: 'orders' | 'shipments' | 'return_authorizations', prefix: string, digits: number): Promise<string> {
  for (;;) {
    const candidate = randomNumber(prefix, digits);
    const [taken] = await em.query(`SELECT 1 FROM ${table} WHERE number = $1`, [candidate]);
    if (!taken) return candidate;
  }
}
