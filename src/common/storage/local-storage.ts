import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { RequestHandler } from 'express';
import serveStatic from 'serve-static';
import { assertSafeKey, FileStorage } from './file-storage';

/** URL prefix the local folder is served under; keys start with it too, so a key is its own path. */
const SERVED_PREFIX = 'spree';

/** Files in a local folder (UPLOADS_DIR), served by the app under /spree/…. */
export class LocalFileStorage implements FileStorage {
  readonly root: string;

  constructor(
    root: string,
    private readonly assetHost: string | undefined,
  ) {
    this.root = resolve(root);
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Written beside, then renamed: a crash or a full disk mid-write never leaves half a file under the real name.
    // The dot keeps the temporary file from being served (dotfiles are ignored).
    const temporary = join(dirname(path), `.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temporary, body);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    const folders = new Set<string>();
    for (const key of keys) {
      await rm(this.pathOf(key), { force: true });
      folders.add(dirname(this.pathOf(key)));
    }
    // An image's files share a folder of their own: drop it once empty (rmdir refuses a folder that is not).
    for (const folder of folders) await rmdir(folder).catch(() => undefined);
  }

  get publicBase(): string {
    return this.assetHost ?? '';
  }

  handler() {
    const folder = join(this.root, SERVED_PREFIX);
    return {
      mountPath: `/${SERVED_PREFIX}`,
      handle: [
        // The API's `no-store` (security.ts) is for answers that carry keys and personal data; these files are public.
        ((_req, res, next) => {
          res.removeHeader('Cache-Control');
          next();
        }) as RequestHandler,
        // ETag, Last-Modified, 304s and ranges come from serve-static; names change with each upload, hence immutable.
        serveStatic(folder, { immutable: true, maxAge: '1y', index: false, redirect: false, dotfiles: 'ignore', fallthrough: true }),
        // Anything else under the prefix is a bare 404, without going through the JSON API.
        ((_req, res) => void res.status(404).end()) as RequestHandler,
      ],
    };
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return join(this.root, key);
  }
}
