import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { SECRET_KEY_MIN_LENGTH } from './secret-box';
import { AppConfig } from './configuration';

/** Where the key is kept when SECRET_KEY is not set: the data folder, next to the embedded database. */
export const SECRET_KEY_FILE = '.data/secret-key';

/**
 * The config with its SECRET_KEY: the variable when set, else the key in
 * `file`, generated there (readable by this user only) on first start. A key
 * in the database would be in every dump and backup with what it protects,
 * so it never goes there. Several processes starting at once agree: the
 * first to create the file writes it, the others read it.
 */
export function withSecretKey(config: AppConfig, file = SECRET_KEY_FILE): AppConfig {
  if (config.secretKey !== undefined) return config;
  return { ...config, secretKey: readOrCreateKeyFile(file) };
}

function readOrCreateKeyFile(file: string): string {
  try {
    return readKeyFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32).toString('hex');
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, `${key}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readKeyFile(file);
    throw new Error(`SECRET_KEY is not set and ${file} cannot be written (${(error as Error).message}): set SECRET_KEY`, { cause: error });
  }
  new Logger('Secrets').warn(
    `Generated SECRET_KEY into ${file}. Keep it, apart from database backups: without it, stored guest order tokens and idempotent answers cannot be read. Set SECRET_KEY to use your own.`,
  );
  return key;
}

function readKeyFile(file: string): string {
  const key = readFileSync(file, 'utf8').trim();
  if (key.length < SECRET_KEY_MIN_LENGTH) throw new Error(`${file} holds no usable key (at least ${SECRET_KEY_MIN_LENGTH} characters): fix it or set SECRET_KEY`);
  return key;
}

/** The key, for whoever needs it once the config is complete (`withSecretKey`, or SECRET_KEY in tests). */
export function secretKeyOf(config: AppConfig): string {
  if (config.secretKey === undefined) throw new Error('No SECRET_KEY: the config must go through withSecretKey() first');
  return config.secretKey;
}
