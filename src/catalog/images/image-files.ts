import { createHash, randomBytes } from 'node:crypto';
import sharp, { Metadata, Sharp } from 'sharp';
import { InvalidResourceError } from '../../common/errors/api-errors';

/** Spree 2.2's paperclip styles (`48x48>` …): each fitted inside its box, never enlarged. */
export const IMAGE_STYLES = { mini: 48, small: 100, product: 240, large: 600 } as const;
export type ImageStyle = keyof typeof IMAGE_STYLES | 'original';
export const ALL_STYLES: ImageStyle[] = ['original', ...(Object.keys(IMAGE_STYLES) as (keyof typeof IMAGE_STYLES)[])];

/** The formats a shop may upload, kept as uploaded (a PNG's sizes are PNGs). */
const FORMATS = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg', encode: (s: Sharp) => s.jpeg({ quality: 85 }) },
  png: { contentType: 'image/png', extension: 'png', encode: (s: Sharp) => s.png() },
  gif: { contentType: 'image/gif', extension: 'gif', encode: (s: Sharp) => s.gif() },
  webp: { contentType: 'image/webp', extension: 'webp', encode: (s: Sharp) => s.webp({ quality: 85 }) },
} as const;
export type ImageFormat = keyof typeof FORMATS;

/** The type from the file's first bytes (its magic number), whatever its name or the client's Content-Type say. */
export function sniffImageFormat(bytes: Buffer): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(bytes.toString('latin1', 0, 6))) return 'gif';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface ProcessedImage {
  contentType: string;
  extension: string;
  /** Of the stored original, after auto-rotation. */
  width: number;
  height: number;
  /** Bytes of the stored original. */
  fileSize: number;
  files: Record<ImageStyle, Buffer>;
}

const unreadable = () => InvalidResourceError.field('attachment', 'is not a readable image (damaged or incomplete file)');

/** What an upload may be and cost (IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE, IMAGE_PROCESSING_TIMEOUT_SECONDS). */
export interface ImageLimits {
  maxPixels: number;
  maxSide: number;
  timeoutSeconds: number;
}

/** An upload whose header passed the limits: its format and size, not yet decoded. */
export interface CheckedImage {
  format: ImageFormat;
  width: number;
  height: number;
}

/**
 * Settings of sharp (libvips) for the whole process: one thread per image, so
 * that the uploads processed at once (IMAGE_PROCESSING_CONCURRENCY) use that
 * many cores at most and leave the others to requests; no cache of decoded
 * images, which no upload ever reads twice.
 */
export function configureImageProcessing(): void {
  sharp.concurrency(1);
  sharp.cache(false);
}

/**
 * The checks made from the file's header, before anything is decoded: the
 * type from its bytes, its pixel count (a decompression bomb) and each side
 * (a picture 1 pixel wide and 40 million high is within the pixels but takes
 * libvips minutes, row by row).
 */
async function checkImage(bytes: Buffer, limits: ImageLimits): Promise<CheckedImage> {
  const format = sniffImageFormat(bytes);
  if (!format) throw InvalidResourceError.field('attachment', 'is not a JPEG, PNG, GIF or WebP image');
  let metadata: Metadata;
  try {
    // The header only, so no limit yet: ours are checked next, with a clear message.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) throw unreadable();
  const { width, height } = metadata;
  if (width > limits.maxSide || height > limits.maxSide) {
    throw InvalidResourceError.field('attachment', `is too large (${width}×${height}; at most ${limits.maxSide} pixels wide and high)`);
  }
  if (width * height > limits.maxPixels) {
    throw InvalidResourceError.field('attachment', `has too many pixels (${width}×${height}; at most ${limits.maxPixels})`);
  }
  return { format, width, height };
}

/** The box-fitted size of a picture in a side × side box, never enlarged (paperclip's `NxN>`). */
function fitted(width: number, height: number, side: number): { width: number; height: number } {
  const scale = Math.min(1, side / width, side / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Makes a checked upload's stored files, within `limits.timeoutSeconds` from
 * now (a 422 past it, the work stopped by libvips): each size decoded from
 * the bytes, turned upright by its EXIF orientation and written without its
 * metadata (EXIF, GPS, comments). Animated images keep their first frame.
 *
 * One step at a time, so that an upload keeps one libvips thread busy at
 * most; and the file is decoded twice: for the original, and for the largest
 * size, kept as raw pixels from which the other sizes are made (tiny next to
 * the original), rather than once per size at the same time.
 */
async function renderImage(bytes: Buffer, checked: CheckedImage, limits: ImageLimits): Promise<ProcessedImage> {
  const deadline = Date.now() + limits.timeoutSeconds * 1000;
  const tooSlow = () => InvalidResourceError.field('attachment', `took too long to process (more than ${limits.timeoutSeconds} s); send a smaller image`);
  // libvips counts whole seconds from when it starts on a pipeline: each gets what is left of the upload's time.
  const secondsLeft = () => {
    const left = deadline - Date.now();
    if (left <= 0) throw tooSlow();
    return Math.ceil(left / 1000);
  };
  const { encode, contentType, extension } = FORMATS[checked.format];
  // 'truncated': a file cut short is refused; libvips' other warnings (stray bytes after the end…) are common in real photos.
  const decode = () => sharp(bytes, { failOn: 'truncated', limitInputPixels: limits.maxPixels }).autoOrient().timeout({ seconds: secondsLeft() });
  try {
    const original = await encode(decode()).toBuffer({ resolveWithObject: true });
    const { width, height } = original.info;
    const largest = fitted(width, height, IMAGE_STYLES.large);
    const pixels = await decode().resize(largest.width, largest.height, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
    const raw = { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels };
    const styles = Object.keys(IMAGE_STYLES) as (keyof typeof IMAGE_STYLES)[];
    const sized: Buffer[] = [];
    for (const style of styles) {
      const size = fitted(width, height, IMAGE_STYLES[style]);
      sized.push(await encode(sharp(pixels.data, { raw }).resize(size.width, size.height, { fit: 'fill' }).timeout({ seconds: secondsLeft() })).toBuffer());
    }
    return {
      contentType,
      extension,
      width,
      height,
      fileSize: original.data.length,
      files: { original: original.data, ...Object.fromEntries(styles.map((style, i) => [style, sized[i]])) } as Record<ImageStyle, Buffer>,
    };
  } catch (error) {
    if (error instanceof InvalidResourceError) throw error;
    if (error instanceof Error && error.message.startsWith('timeout')) throw tooSlow();
    throw unreadable();
  }
}

/** An upload checked (checkImage), then its files made (renderImage). */
export async function processImage(bytes: Buffer, limits: ImageLimits): Promise<ProcessedImage> {
  return renderImage(bytes, await checkImage(bytes, limits), limits);
}

/**
 * Where an upload's files go: `spree/products/<version>/<style>.<ext>`. The
 * version is new for every upload (a hash of the file and a random salt), so
 * a URL's bytes never change and can be cached forever; two uploads of the same
 * file never share files, so deleting one cannot break the other.
 */
export function newAttachmentPath(bytes: Buffer, extension: string): string {
  const version = createHash('sha256').update(randomBytes(16)).update(bytes).digest('hex').slice(0, 24);
  return `spree/products/${version}/:style.${extension}`;
}

export function styleKey(attachmentPath: string, style: ImageStyle): string {
  return attachmentPath.replace(':style', style);
}

/** A file name safe to show back (the client's name without its folders or control characters). */
export function cleanFileName(name: string | undefined, extension: string): string {
  const base = [...((name ?? '').split(/[\\/]/).pop() ?? '')]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return base === '' ? `image.${extension}` : base;
}
