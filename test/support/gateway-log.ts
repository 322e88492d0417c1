import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BogusOperation } from '../../src/payments/payment/gateways/bogus.gateway';

/**
 * The bogus gateway's record of what it was asked (BOGUS_GATEWAY_LOG, one
 * JSON line per operation it answered): pass `env` to `createTestApp`, read
 * the operations since a mark.
 */
export interface GatewayLog {
  env: { BOGUS_GATEWAY_LOG: string };
  /** How many operations are logged so far: a mark for `since`. */
  mark(): number;
  /** The operations answered since `mark` (all of them without one), in order. */
  since(mark?: number): BogusOperation[];
}

export function gatewayLog(): GatewayLog {
  const path = join(mkdtempSync(join(tmpdir(), 'bogus-')), 'gateway.log');
  const all = (): BogusOperation[] =>
    existsSync(path)
      ? readFileSync(path, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as BogusOperation)
      : [];
  return { env: { BOGUS_GATEWAY_LOG: path }, mark: () => all().length, since: (mark = 0) => all().slice(mark) };
}
