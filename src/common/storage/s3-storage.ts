import { DeleteObjectsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, FileStorage, IMMUTABLE_CACHE_CONTROL } from './file-storage';

export interface S3StorageOptions {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  assetHost: string;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
}

/** Files in an S3-compatible bucket; browsers fetch them from the asset host (the bucket or a CDN before it), not from the app. */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      // Custom endpoints (MinIO, R2, a test server) rarely have per-bucket host names.
      forcePathStyle: options.endpoint !== undefined,
      credentials: options.credentials,
      // Checksums only where the API requires them: S3-compatible servers differ in the optional ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    // A single PUT: the object appears whole or not at all. The headers are what the bucket will serve with it.
    await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: body, ContentType: contentType, CacheControl: IMMUTABLE_CACHE_CONTROL }));
  }

  async delete(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    keys.forEach(assertSafeKey);
    const result = await this.client.send(new DeleteObjectsCommand({ Bucket: this.options.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
    if (result.Errors?.length) throw new Error(`S3 refused to delete ${result.Errors.map((e) => `${e.Key} (${e.Code})`).join(', ')}`);
  }

  get publicBase(): string {
    return this.options.assetHost;
  }

  handler() {
    return null;
  }

  /** Closes the client's sockets (at shutdown). */
  destroy(): void {
    this.client.destroy();
  }
}
