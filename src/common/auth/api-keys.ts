import { randomBytes } from 'node:crypto';
import { secretDigest } from '../../config/secret-box';

/**
 * API keys are 40 random hex characters (as Spree's), shown to their owner
 * once. We keep only a SHA-256 digest: a key has 160 bits of entropy, so a
 * fast digest is safe (no dictionary to try, unlike passwords).
 *
 * Looking a key up with `WHERE digest = $1` is not a timing oracle: the index
 * comparison may end sooner or later depending on how many leading bytes of
 * the *digests* agree, but an attacker cannot steer the digest of a guess
 * towards a stored one (SHA-256 preimage resistance), so learning "the first
 * byte of my guess's digest matches some key's digest" brings no guess closer
 * to a real key. The same holds for any lookup by digest; raw secrets are
 * never compared in SQL or in code except through `timingSafeEqual` (order
 * tokens, kept as digests too: `sameToken`).
 */
export function generateApiKey(): string {
  return randomBytes(20).toString('hex');
}

export function apiKeyDigest(key: string): string {
  return secretDigest(key);
}
