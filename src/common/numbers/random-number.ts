import { randomInt } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { preparedStatement } from '../db/prepared-statement';

/** "R" + 9 random digits (orders), "H" + 11 (shipments), "RMA" + 9 (return authorizations), "T" + 9 (stock transfers): Spree's number formats. */
export function randomNumber(prefix: string, digits: number): string {
  let out = prefix;
  for (let i = 0; i < digits; i++) out += String(randomInt(10));
  return out;
}

/**
 * A number not yet used in `table.number`. Collisions are rare; the unique
 * index is the final guard, this only avoids a failed insert in the common case.
 * (Orders need no check: their INSERT draws again on a conflict, see `newCart`.)
 */
const NUMBER_TAKEN = {
  shipments: preparedStatement('number-taken-shipments', 'SELECT 1 FROM shipments WHERE number = $1'),
  return_authorizations: preparedStatement('number-taken-return-authorizations', 'SELECT 1 FROM return_authorizations WHERE number = $1'),
  stock_transfers: preparedStatement('number-taken-stock-transfers', 'SELECT 1 FROM stock_transfers WHERE number = $1'),
};

export async function unusedNumber(em: EntityManager, table: keyof typeof NUMBER_TAKEN, prefix: string, digits: number): Promise<string> {
  for (;;) {
    const candidate = randomNumber(prefix, digits);
    const [taken] = await NUMBER_TAKEN[table](em).run(em, [candidate]);
    if (!taken) return candidate;
  }
}
