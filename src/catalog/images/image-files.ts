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

/**
 * Checks an uploaded file and makes its stored files, before anything is
 * kept: the type from its bytes, its pixel count from its header (a
 * decompression bomb is refused before it is decoded), then each size
 * decoded from the bytes, turned upright by its EXIF orientation and written
 * without its metadata (EXIF, GPS, comments). Animated images keep their first frame.
 */
export async function processImage(bytes: Buffer, limits: { maxPixels: number }): Promise<ProcessedImage> {
  const format = sniffImageFormat(bytes);
  if (!format) throw InvalidResourceError.field('attachment', 'is not a JPEG, PNG, GIF or WebP image');
  let metadata: Metadata;
  try {
    // The header only, so no limit yet: ours is checked next, with a clear message.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) throw unreadable();
  if (metadata.width * metadata.height > limits.maxPixels) {
    throw InvalidResourceError.field('attachment', `has too many pixels (${metadata.width}×${metadata.height}; at most ${limits.maxPixels})`);
  }
  const { encode, contentType, extension } = FORMATS[format];
  // 'truncated': a file cut short is refused; libvips' other warnings (stray bytes after the end…) are common in real photos.
  const decode = () => sharp(bytes, { failOn: 'truncated', limitInputPixels: limits.maxPixels }).autoOrient();
  try {
    const [original, ...sized] = await Promise.all([
      encode(decode()).toBuffer({ resolveWithObject: true }),
      ...Object.values(IMAGE_STYLES).map((side) => encode(decode().resize(side, side, { fit: 'inside', withoutEnlargement: true })).toBuffer()),
    ]);
    const styles = Object.keys(IMAGE_STYLES) as (keyof typeof IMAGE_STYLES)[];
    return {
      contentType,
      extension,
      width: original.info.width,
      height: original.info.height,
      fileSize: original.data.length,
      files: { original: original.data, ...Object.fromEntries(styles.map((style, i) => [style, sized[i]])) } as Record<ImageStyle, Buffer>,
    };
  } catch {
    throw unreadable();
  }
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
