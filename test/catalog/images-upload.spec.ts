import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { crc32 } from 'node:zlib';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { FILE_STORAGE, FileStorage } from '../../src/common/storage/file-storage';
import { createProduct, createVariant, TestProduct } from '../support/catalog';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

// Uploads (issue 17): the same cases against the local folder and against S3 (s3rver on loopback).
const MAX_BYTES = 400_000;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SIZES = { mini: 48, small: 100, product: 240, large: 600 } as const;
const STYLES = ['mini', 'small', 'product', 'large'] as const;

/** The box-fitted size of a w×h picture in a side×side box, never enlarged (paperclip's `NxN>`). */
function fitted(width: number, height: number, side: number): [number, number] {
  const scale = Math.min(1, side / width, side / height);
  return [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
}

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } });

/** A PNG whose header claims 16 000 × 16 000 pixels (256 megapixels, each side within IMAGE_MAX_SIDE) around a tiny body: a decompression bomb. */
async function pixelBomb(): Promise<Buffer> {
  const png = Buffer.from(await solid(1, 1).png().toBuffer());
  // IHDR: length (4) 'IHDR' (4) width (4) height (4) … crc over type+data.
  png.writeUInt32BE(16_000, 16);
  png.writeUInt32BE(16_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

interface Driver {
  name: string;
  env(): Promise<NodeJS.ProcessEnv>;
  /** Every stored key. */
  keys(): Promise<string[]>;
  /** GET (or another method) on a file URL, with headers. */
  fetch(url: string, headers?: Record<string, string>): Promise<{ status: number; headers: Record<string, string>; body: Buffer }>;
  stop(): Promise<void>;
}

function localDriver(t: () => TestApp): Driver {
  let dir = '';
  return {
    name: 'local folder',
    async env() {
      dir = await mkdtemp(join(tmpdir(), 'uploads-'));
      return { UPLOADS_DIR: dir };
    },
    async keys() {
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
    },
    async fetch(url, headers = {}) {
      expect(url.startsWith('/spree/products/')).toBe(true);
      const res = await t().http().get(url).set(headers).buffer(true).parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
      return { status: res.status, headers: res.headers as Record<string, string>, body: res.body as Buffer };
    },
    stop: () => rm(dir, { recursive: true, force: true }),
  };
}

function s3Driver(): Driver {
  let server: S3rver;
  let dir = '';
  let client: S3Client;
  const bucket = 'shop-images';
  return {
    name: 'S3',
    async env() {
      dir = await mkdtemp(join(tmpdir(), 's3rver-'));
      server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
      const { port } = (await server.run()) as unknown as { port: number };
      const endpoint = `http://127.0.0.1:${port}`;
      client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };
    },
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key!);
    },
    async fetch(url, headers = {}) {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/shop-images\/spree\/products\//);
      const res = await fetch(url, { headers });
      return { status: res.status, headers: Object.fromEntries(res.headers.entries()), body: Buffer.from(await res.arrayBuffer()) };
    },
    async stop() {
      client.destroy();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

describe.each([
  ['local folder', (t: () => TestApp) => localDriver(t)],
  ['S3', () => s3Driver()],
])('image uploads (%s)', (_name, makeDriver) => {
  let t: TestApp;
  let admin: TestUser;
  let product: TestProduct;
  const driver = makeDriver(() => t);

  beforeAll(async () => {
    t = await createTestApp({ ...(await driver.env()), IMAGE_MAX_BYTES: String(MAX_BYTES) });
    admin = await createAdmin(t.db);
  });
  afterAll(async () => {
    await t.close();
    await driver.stop();
  });

  beforeEach(async () => {
    jest.restoreAllMocks();
    await t.db.query('TRUNCATE products RESTART IDENTITY CASCADE');
    product = await createProduct(t.db);
    // The rows are gone: so go the files of the tests before.
    const storage = t.app.get<FileStorage>(FILE_STORAGE, { strict: false });
    await storage.delete(await driver.keys());
  });

  const imageRows = async () => Number((await t.db.query(`SELECT count(*) AS n FROM images`))[0].n);

  /** The stored files are exactly those of the images in the database. */
  async function expectStoredFilesMatchRows(): Promise<void> {
    const rows: { path: string }[] = await t.db.query(`SELECT attachment_path AS path FROM images WHERE attachment_path IS NOT NULL`);
    const expected = rows.flatMap((r) => ['original', ...STYLES].map((s) => r.path.replace(':style', s)));
    expect((await driver.keys()).sort()).toEqual(expected.sort());
  }

  const upload = (path: string, file: Buffer, name: string, fields: Record<string, string> = {}, method: 'post' | 'put' = 'post') => {
    const req = t.http()[method](path).set(admin.auth);
    for (const [k, v] of Object.entries(fields)) req.field(`image[${k}]`, v);
    return req.attach('image[attachment]', file, { filename: name, contentType: name.endsWith('.png') ? 'image/png' : 'application/octet-stream' });
  };

  async function expectSizes(body: Record<string, unknown>, width: number, height: number, format: string, contentType: string) {
    for (const style of STYLES) {
      const served = await driver.fetch(body[`${style}_url`] as string);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe(contentType);
      const meta = await sharp(served.body).metadata();
      expect([style, meta.format, meta.width, meta.height]).toEqual([style, format, ...fitted(width, height, SIZES[style])]);
      // Metadata stripped from every size.
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
  }

  it('takes a JPEG with EXIF orientation and GPS: upright, stripped, four sizes, fields from the file', async () => {
    // 800×600 stored sideways: orientation 6 means "rotate 90° clockwise to view", so it shows as 600×800.
    const jpeg = await solid(800, 600)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSMapDatum: 'WGS-84-TEST' } })
      .toBuffer();
    const sent = await sharp(jpeg).metadata();
    expect(sent.orientation).toBe(6);
    expect(sent.exif!.toString('latin1')).toContain('TestCam');
    expect(sent.exif!.toString('latin1')).toContain('WGS-84-TEST');

    const res = await upload(`/api/products/${product.id}/images`, jpeg, 'holiday photo.jpg', { alt: 'A red tile' }).expect(201);
    expect(res.body).toMatchObject({
      attachment_file_name: 'holiday photo.jpg',
      attachment_content_type: 'image/jpeg',
      attachment_width: 600,
      attachment_height: 800,
      alt: 'A red tile',
      viewable_id: product.masterVariantId,
      position: 1,
    });
    const [row] = await t.db.query(`SELECT attachment_file_size AS size, attachment_path AS path FROM images WHERE id = $1`, [res.body.id]);
    await expectSizes(res.body, 600, 800, 'jpeg', 'image/jpeg');
    const original = await driver.fetch(res.body.large_url.replace('/large.', '/original.'));
    expect(original.body.length).toBe(row.size);
    const meta = await sharp(original.body).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([600, 800, undefined, undefined]);
    expect(original.body.toString('latin1')).not.toContain('TestCam');
    expect(original.body.toString('latin1')).not.toContain('WGS-84-TEST');
    await expectStoredFilesMatchRows();
  });

  it('takes a PNG (never enlarged) and a WebP, on a variant too; the product JSON shows the same URLs', async () => {
    const png = await solid(300, 200).png().toBuffer();
    const res = await upload(`/api/products/${product.slug}/images`, png, 'tile.png').expect(201);
    expect(res.body).toMatchObject({ attachment_content_type: 'image/png', attachment_width: 300, attachment_height: 200 });
    await expectSizes(res.body, 300, 200, 'png', 'image/png');

    const variantId = await createVariant(t.db, product.id);
    const webp = await solid(1000, 500).webp().toBuffer();
    const onVariant = await upload(`/api/variants/${variantId}/images`, webp, 'wide.webp').expect(201);
    expect(onVariant.body).toMatchObject({ attachment_content_type: 'image/webp', attachment_width: 1000, attachment_height: 500, viewable_id: variantId });
    await expectSizes(onVariant.body, 1000, 500, 'webp', 'image/webp');

    const shown = await t.http().get(`/api/products/${product.id}`).expect(200);
    expect(shown.body.master.images[0].small_url).toBe(res.body.small_url);
    await expectStoredFilesMatchRows();
  });

  it('serves the files cacheably forever, with validators, 304s and ranges, outside the JSON API', async () => {
    const res = await upload(`/api/products/${product.id}/images`, await solid(200, 100).png().toBuffer(), 'tile.png').expect(201);
    const first = await driver.fetch(res.body.small_url);
    expect(first.headers['cache-control']).toBe(IMMUTABLE);
    expect(first.headers['etag']).toBeTruthy();
    expect(first.headers['last-modified']).toBeTruthy();
    expect((await driver.fetch(res.body.small_url, { 'If-None-Match': first.headers['etag'] })).status).toBe(304);
    const part = await driver.fetch(res.body.small_url, { Range: 'bytes=0-7' });
    expect(part.status).toBe(206);
    expect(part.body).toEqual(first.body.subarray(0, 8));
    // A token the API would refuse (401) is not even looked at.
    const withBadToken = await driver.fetch(`${res.body.small_url}?token=not-a-key`);
    expect(withBadToken.status).toBe(200);
  });

  it('refuses a text file named .png, a truncated image, an oversized file and a pixel bomb, keeping nothing', async () => {
    const path = `/api/products/${product.id}/images`;
    let res = await upload(path, Buffer.from('just some text, not a picture\n'.repeat(20)), 'fake.png').expect(422);
    expect(res.body.errors).toEqual({ attachment: ['is not a JPEG, PNG, GIF or WebP image'] });

    const jpeg = await solid(400, 300).jpeg().toBuffer();
    res = await upload(path, jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'cut.jpg').expect(422);
    expect(res.body.errors).toEqual({ attachment: ['is not a readable image (damaged or incomplete file)'] });
    const png = await solid(400, 300).png().toBuffer();
    res = await upload(path, png.subarray(0, Math.floor(png.length * 0.6)), 'cut.png').expect(422);
    expect(Object.keys(res.body.errors)).toEqual(['attachment']);

    const huge = Buffer.concat([jpeg, Buffer.alloc(MAX_BYTES)]);
    res = await upload(path, huge, 'huge.jpg').expect(413);
    expect(res.body).toEqual({ error: `The image is too large (${MAX_BYTES} bytes at most).` });

    res = await upload(path, await pixelBomb(), 'bomb.png').expect(422);
    expect(res.body.errors.attachment[0]).toMatch(/^has too many pixels \(16000×16000/);

    // A good file with a bad field: refused after the files were written, which are then removed.
    res = await upload(path, png, 'tile.png', { viewable_id: '999999' }).expect(422);
    expect(res.body.errors).toEqual({ viewable_id: ['is invalid'] });

    expect(await imageRows()).toBe(0);
    expect(await driver.keys()).toEqual([]);
  });

  it('reads no upload from a non-admin, and refuses a file under another field or a broken form, keeping nothing', async () => {
    const user = await createUser(t.db);
    const png = await solid(60, 60).png().toBuffer();
    await t.http().post(`/api/products/${product.id}/images`).set(user.auth).attach('image[attachment]', png, 'tile.png').expect(401);
    const res = await t.http().post(`/api/products/${product.id}/images`).set(admin.auth).attach('image[picture]', png, 'tile.png').expect(422);
    expect(res.body.errors).toEqual({ 'image[picture]': ['is not expected (send the file as image[attachment])'] });
    const broken = await t.http()
      .post(`/api/products/${product.id}/images`)
      .set(admin.auth)
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="image[attachment]"; filename="a.png"\r\n\r\nnever ends')
      .expect(400);
    expect(broken.body).toEqual({ error: 'The request body could not be read.' });
    expect(await imageRows()).toBe(0);
    expect(await driver.keys()).toEqual([]);
  });

  it('documents the multipart upload in the OpenAPI document', async () => {
    const doc = (await t.http().get('/api/openapi.json').expect(200)).body;
    for (const [path, method] of [['/api/products/{product_id}/images', 'post'], ['/api/variants/{variant_id}/images/{id}', 'put']]) {
      const body = doc.paths[path][method].requestBody.content;
      expect(Object.keys(body).sort()).toEqual(['application/json', 'multipart/form-data']);
      expect(body['multipart/form-data'].schema.properties['image[attachment]']).toMatchObject({ type: 'string', format: 'binary' });
      expect(doc.paths[path][method].responses['413']).toBeDefined();
      expect(doc.paths[path][method]['x-multipart-body']).toBeUndefined();
    }
  });

  it('leaves no file when the database fails after the files are written, and no row when a write fails', async () => {
    const png = await solid(120, 80).png().toBuffer();
    await t.db.query(`CREATE FUNCTION refuse_images() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$`);
    await t.db.query(`CREATE TRIGGER refuse_images BEFORE INSERT ON images FOR EACH ROW EXECUTE FUNCTION refuse_images()`);
    try {
      await upload(`/api/products/${product.id}/images`, png, 'tile.png').expect(500);
    } finally {
      await t.db.query(`DROP TRIGGER refuse_images ON images; DROP FUNCTION refuse_images()`);
    }
    expect(await imageRows()).toBe(0);
    expect(await driver.keys()).toEqual([]);

    const storage = t.app.get<FileStorage>(FILE_STORAGE, { strict: false });
    const put = storage.put.bind(storage);
    let calls = 0;
    jest.spyOn(storage, 'put').mockImplementation((key, body, type) => (++calls === 3 ? Promise.reject(new Error('disk full')) : put(key, body, type)));
    await upload(`/api/products/${product.id}/images`, png, 'tile.png').expect(500);
    expect(await imageRows()).toBe(0);
    expect(await driver.keys()).toEqual([]);
  });

  it('replaces the files on PUT (old ones removed after the commit), keeps them on a failed PUT, and deletes them with the image', async () => {
    const path = `/api/products/${product.id}/images`;
    const created = await upload(path, await solid(300, 300).png().toBuffer(), 'one.png').expect(201);
    // Metadata only: the file stays.
    const renamed = await t.http().put(`${path}/${created.body.id}`).set(admin.auth).send({ image: { alt: 'Front', attachment_width: 1 } }).expect(200);
    expect(renamed.body).toMatchObject({ alt: 'Front', attachment_width: 300, small_url: created.body.small_url });

    await t.db.query(`CREATE FUNCTION refuse_images() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$`);
    await t.db.query(`CREATE TRIGGER refuse_images BEFORE UPDATE ON images FOR EACH ROW EXECUTE FUNCTION refuse_images()`);
    try {
      await upload(`${path}/${created.body.id}`, await solid(50, 40).jpeg().toBuffer(), 'two.jpg', {}, 'put').expect(500);
    } finally {
      await t.db.query(`DROP TRIGGER refuse_images ON images; DROP FUNCTION refuse_images()`);
    }
    expect((await driver.fetch(created.body.small_url)).status).toBe(200);
    await expectStoredFilesMatchRows();

    const replaced = await upload(`${path}/${created.body.id}`, await solid(50, 40).jpeg().toBuffer(), 'two.jpg', { alt: 'Back' }, 'put').expect(200);
    expect(replaced.body).toMatchObject({ attachment_file_name: 'two.jpg', attachment_content_type: 'image/jpeg', attachment_width: 50, alt: 'Back' });
    expect(replaced.body.small_url).not.toBe(created.body.small_url);
    expect((await driver.fetch(created.body.small_url)).status).not.toBe(200);
    await expectSizes(replaced.body, 50, 40, 'jpeg', 'image/jpeg');
    await expectStoredFilesMatchRows();

    // A soft-deleted product keeps its pictures (its orders still show them).
    await t.http().delete(`/api/products/${product.id}`).set(admin.auth).expect(204);
    expect((await driver.fetch(replaced.body.small_url)).status).toBe(200);
    await expectStoredFilesMatchRows();

    await t.db.query(`UPDATE products SET deleted_at = NULL`);
    await t.http().delete(`${path}/${created.body.id}`).set(admin.auth).expect(204);
    expect((await driver.fetch(replaced.body.small_url)).status).not.toBe(200);
    expect(await driver.keys()).toEqual([]);
  });
});
