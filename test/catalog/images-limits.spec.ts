import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeflate, crc32 } from 'node:zlib';
import sharp from 'sharp';
import { createProduct, TestProduct } from '../support/catalog';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';

/*
 * Uploads within IMAGE_MAX_BYTES and IMAGE_MAX_PIXELS that would still cost minutes or the process's memory
 * (issue 24): a picture 1 pixel wide and 40 million high (78 KB, about a minute of libvips), several large
 * ones at once. Each side is bounded (IMAGE_MAX_SIDE), uploads are processed a few at a time
 * (IMAGE_PROCESSING_CONCURRENCY) and each within IMAGE_PROCESSING_TIMEOUT_SECONDS.
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A real, complete black greyscale PNG of width × height, deflated as its rows are made (never whole in memory): tiny for any height. */
function blankPng(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type 0 (greyscale), deflate, no filter method, no interlace: zeros
  const row = width + 1; // a filter byte, then the pixels
  const rowsPerWrite = Math.max(1, Math.floor(2 ** 20 / row));
  const zeros = Buffer.alloc(rowsPerWrite * row);
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  return new Promise((resolve, reject) => {
    deflate.on('data', (part: Buffer) => parts.push(part));
    deflate.on('error', reject);
    deflate.on('end', () =>
      resolve(
        Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          pngChunk('IHDR', header),
          pngChunk('IDAT', Buffer.concat(parts)),
          pngChunk('IEND', Buffer.alloc(0)),
        ]),
      ),
    );
    let left = height;
    const write = (): void => {
      while (left > 0) {
        const rows = Math.min(left, rowsPerWrite);
        left -= rows;
        if (!deflate.write(zeros.subarray(0, rows * row))) return void deflate.once('drain', write);
      }
      deflate.end();
    };
    write();
  });
}

describe('image uploads bounded in size, time and concurrency', () => {
  let dir: string;
  let t: TestApp;
  let admin: TestUser;
  let product: TestProduct;

  async function start(env: NodeJS.ProcessEnv): Promise<void> {
    if (t) await t.close();
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir);
    t = await createTestApp({ UPLOADS_DIR: dir, ...env });
    admin = await createAdmin(t.db);
    product = await createProduct(t.db);
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'uploads-'));
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const upload = (file: Buffer, name = 'picture.png') =>
    t.http().post(`/api/products/${product.id}/images`).set(admin.auth).attach('image[attachment]', file, { filename: name, contentType: 'image/png' });
  const imageRows = async () => Number((await t.db.query(`SELECT count(*) AS n FROM images`))[0].n);
  const storedFiles = async () => (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;

  describe('with the default limits', () => {
    beforeAll(() => start({}));

    it('refuses a picture of 1 × 39,999,999 pixels (within IMAGE_MAX_PIXELS, 78 KB) at once, by its height', async () => {
      const tall = await blankPng(1, 39_999_999);
      expect(tall.length).toBeLessThan(100_000);
      const res = await upload(tall, 'tall.png');
      expect({ status: res.status, body: res.body }).toEqual({
        status: 422,
        body: { error: 'Invalid resource. Please fix errors and try again.', errors: { attachment: ['is too large (1×39999999; at most 16384 pixels wide and high)'] } },
      });
    });

    it('refuses one a pixel wider than IMAGE_MAX_SIDE, and takes one of 16384 × 2441 (the most pixels at the widest)', async () => {
      const wide = await upload(await blankPng(16_385, 1), 'wide.png');
      expect({ status: wide.status, errors: wide.body.errors }).toEqual({ status: 422, errors: { attachment: ['is too large (16385×1; at most 16384 pixels wide and high)'] } });
      const panorama = await upload(await blankPng(16_384, 2_441), 'panorama.png').expect(201);
      expect(panorama.body).toMatchObject({ attachment_width: 16_384, attachment_height: 2_441 });
      expect(await imageRows()).toBe(1);
    });

    it('documents the limits and the answers of an upload', async () => {
      const doc = (await t.http().get('/api/openapi.json').expect(200)).body;
      const operation = doc.paths['/api/products/{product_id}/images'].post;
      const attachment = operation.requestBody.content['multipart/form-data'].schema.properties['image[attachment]'].description as string;
      for (const setting of ['IMAGE_MAX_SIDE', 'IMAGE_MAX_PIXELS', 'IMAGE_PROCESSING_TIMEOUT_SECONDS', 'IMAGE_PROCESSING_CONCURRENCY']) expect(attachment).toContain(setting);
      expect(operation.responses['503'].description).toContain('IMAGE_PROCESSING_CONCURRENCY');
    });
  });

  describe('IMAGE_PROCESSING_CONCURRENCY', () => {
    beforeAll(() => start({ IMAGE_PROCESSING_CONCURRENCY: '1' }));

    it('processes uploads sent together one at a time, one libvips task at a time', async () => {
      // Pictures that take libvips a moment each (a 3000 × 3000 gradient is 9 megapixels, a few KB as PNG).
      const gradient = (hue: number) =>
        sharp(
          Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="3000"><defs><linearGradient id="g"><stop offset="0" stop-color="hsl(${hue},80%,50%)"/><stop offset="1" stop-color="#000"/></linearGradient></defs><rect width="3000" height="3000" fill="url(#g)"/></svg>`,
          ),
        )
          .png()
          .toBuffer();
      const files = await Promise.all([0, 120, 240].map(gradient));
      // sharp's own counters, for this process (the app runs in it): tasks waiting for a thread and running.
      let most = 0;
      let sampling = true;
      const sample = (): void => {
        const { queue, process } = sharp.counters();
        most = Math.max(most, queue + process);
        if (sampling) setImmediate(sample);
      };
      sample();
      try {
        const answers = await Promise.all(files.map((file, i) => upload(file, `gradient-${i}.png`)));
        expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
      } finally {
        sampling = false;
      }
      // One task at a time shows as 2 at most: sharp counts a finished task until its callback has returned, and
      // by then the upload's next step is queued (a loop of sequential resizes alone shows 2). Three uploads
      // processed at once, five sizes each, showed 15.
      expect(most).toBeLessThanOrEqual(2);
    });
  });

  describe('IMAGE_PROCESSING_TIMEOUT_SECONDS', () => {
    // A side limit high enough for the slow shape, one upload at a time, one second each.
    beforeAll(() => start({ IMAGE_MAX_SIDE: '40000000', IMAGE_PROCESSING_CONCURRENCY: '1', IMAGE_PROCESSING_TIMEOUT_SECONDS: '1' }));

    it('stops an upload whose processing takes longer (422), and answers 503 to those that wait longer for their turn, keeping nothing', async () => {
      // 1 × 5,000,000: libvips needs several seconds for it, row by row.
      const slow = await blankPng(1, 5_000_000);
      const first = await upload(slow, 'slow.png');
      expect({ status: first.status, body: first.body }).toEqual({
        status: 422,
        body: { error: 'Invalid resource. Please fix errors and try again.', errors: { attachment: ['took too long to process (more than 1 s); send a smaller image'] } },
      });

      // Four at once: one runs its second, the next in line gets its turn or waits past its second like the others (503).
      const answers = await Promise.all([1, 2, 3, 4].map((i) => upload(slow, `slow-${i}.png`)));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 422).length).toBeGreaterThanOrEqual(1);
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(2);
      expect(statuses.every((s) => s === 422 || s === 503)).toBe(true);
      for (const busy of answers.filter((a) => a.status === 503)) {
        expect(busy.body).toEqual({ error: 'Service unavailable' });
        expect(busy.headers['retry-after']).toBe('5');
      }
      expect(await imageRows()).toBe(0);
      expect(await storedFiles()).toBe(0);
    });
  });
});
