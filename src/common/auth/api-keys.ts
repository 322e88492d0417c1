import { createHash, randomBytes } from 'node:crypto';

/**
 * API keys are 40 random hex characters (as Spree's), shown to their owner
 * once. We keep only a SHA-256 digest: a key has 160 bits of entropy, so a
 * fast digest is safe, and looking a key up by its digest through a unique
 * index takes the same time whether or not it matches (no timing oracle on
 * key prefixes).
 */
export function generateApiKey(): string {
  return randomBytes(20).toString('hex');
}

export function apiKeyDigest(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
