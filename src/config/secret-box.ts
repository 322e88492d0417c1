import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** The shortest SECRET_KEY accepted: 32 characters (`openssl rand -hex 32` gives 64). */
export const SECRET_KEY_MIN_LENGTH = 32;

/** What a secret sealed in a column is for: part of the authenticated data, so a sealed value only opens where it was sealed. */
export type SealPurpose = 'orders.token' | 'idempotency_keys.response_body' | 'webhook_endpoints.secret' | 'mail_deliveries.secret' | 'payment_methods.preferences';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * SHA-256 of a random secret (hex), for looking it up or comparing it
 * without keeping it: API keys, order tokens. Safe for secrets with enough
 * entropy (no dictionary to try), not for passwords.
 */
export function secretDigest(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * Secrets at rest, under SECRET_KEY, a key kept outside the database: a dump
 * or a backup of the database alone reveals none of them.
 *
 * - `seal`/`open`: AES-256-GCM with a random 96-bit IV per value (safe for
 *   far more values than a store writes under one key), the purpose as
 *   authenticated data; stored as `v1.<base64url(iv | ciphertext | tag)>`.
 *   A value changed in the database, or sealed under another key, does not
 *   open (it throws).
 * - `mac`: HMAC-SHA256, for digests of values that could be guessed (a
 *   request body holding a card number), so a dump gives nothing to try
 *   guesses against.
 *
 * Both keys are derived from SECRET_KEY with HKDF, one per use.
 */
export class SecretBox {
  private constructor(
    private readonly encryptionKey: Buffer,
    private readonly macKey: Buffer,
  ) {}

  static fromSecretKey(secretKey: string): SecretBox {
    if (secretKey.length < SECRET_KEY_MIN_LENGTH) {
      throw new Error(`SECRET_KEY must be at least ${SECRET_KEY_MIN_LENGTH} characters long (e.g. the output of \`openssl rand -hex 32\`)`);
    }
    const derive = (info: string) => Buffer.from(hkdfSync('sha256', Buffer.from(secretKey, 'utf8'), 'commerce-api', info, 32));
    return new SecretBox(derive('aes-256-gcm'), derive('hmac-sha256'));
  }

  seal(purpose: SealPurpose, plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    cipher.setAAD(Buffer.from(purpose, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url')}`;
  }

  open(purpose: SealPurpose, sealed: string): string {
    const [version, data] = sealed.split('.');
    const bytes = Buffer.from(data ?? '', 'base64url');
    if (version !== VERSION || bytes.length < IV_BYTES + TAG_BYTES) throw new Error(`Not a sealed value (${purpose})`);
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(purpose, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  mac(text: string): string {
    return createHmac('sha256', this.macKey).update(text, 'utf8').digest('hex');
  }

  /** Recognises the key (kept in the database, so a start with another key is refused) without revealing it. */
  fingerprint(): string {
    return this.mac('commerce-api secret key fingerprint');
  }
}
