import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SecretBox } from '../../src/config/secret-box';
import { loadConfig } from '../../src/config/configuration';
import { withSecretKey } from '../../src/config/secret-key';

// SECRET_KEY: the variable, else a key generated into the data folder on first start; what it seals opens only with it.
describe('SECRET_KEY', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'commerce-api-secret-key-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is generated into the data folder on first start (readable by its owner only), then read from there', () => {
    const file = join(dir, '.data', 'secret-key');
    const first = withSecretKey(loadConfig({}), file).secretKey!;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, '.data')).mode & 0o077).toBe(0);
    expect(withSecretKey(loadConfig({}), file).secretKey).toBe(first);
  });

  it('SECRET_KEY wins over the file, and nothing is written', () => {
    const file = join(dir, 'secret-key');
    expect(withSecretKey(loadConfig({ SECRET_KEY: '  k'.padEnd(40, 'x') + '  ' }), file).secretKey).toBe('k'.padEnd(38, 'x'));
    expect(() => statSync(file)).toThrow();
  });

  it('refuses a key too short to be one, from the variable or the file', () => {
    expect(() => SecretBox.fromSecretKey('short')).toThrow(/SECRET_KEY must be at least 32 characters/);
    const file = join(dir, 'secret-key');
    writeFileSync(file, 'short\n');
    expect(() => withSecretKey(loadConfig({}), file)).toThrow(/holds no usable key/);
  });

  it('seals with AES-256-GCM: a value opens only with its key, for its purpose, unaltered', () => {
    const box = SecretBox.fromSecretKey('a'.repeat(16) + 'b'.repeat(16));
    const other = SecretBox.fromSecretKey('b'.repeat(16) + 'a'.repeat(16));
    const sealed = box.seal('orders.token', 'the-token');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('the-token');
    expect(box.seal('orders.token', 'the-token')).not.toBe(sealed); // a fresh IV each time
    expect(box.open('orders.token', sealed)).toBe('the-token');
    expect(() => other.open('orders.token', sealed)).toThrow();
    expect(() => box.open('idempotency_keys.response_body', sealed)).toThrow();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[14] ^= 1;
    expect(() => box.open('orders.token', `v1.${bytes.toString('base64url')}`)).toThrow();
    expect(box.mac('x')).not.toBe(other.mac('x'));
    expect(box.fingerprint()).not.toBe(other.fingerprint());
  });
});
