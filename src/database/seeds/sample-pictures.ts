import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { ALL_STYLES, newAttachmentPath, processImage, ProcessedImage, styleKey } from '../../catalog/images/image-files';
import { FileStorage } from '../../common/storage/file-storage';
import type { SampleImage } from './sample-catalog';

/** A sample image's row fields once its files are stored. */
export interface StoredSamplePicture {
  path: string;
  fileSize: number;
  width: number;
  height: number;
  contentType: string;
}

/**
 * Pictures for the demo catalog, made at seed time: a tile coloured after the
 * product, with its name (and "back" for the back views), at the size Spree's
 * sample file had, run through the upload's own processing. Each distinct
 * picture is drawn once, all of them in parallel (sharp works off the event
 * loop); each image row still gets files of its own, as an upload would.
 */
export class SamplePictures {
  private readonly pictures = new Map<string, Promise<ProcessedImage>>();

  constructor(private readonly storage: FileStorage) {}

  /** Starts drawing every picture at once; `store` then waits for the one it needs. */
  prepare(images: Array<{ productName: string; image: SampleImage }>): void {
    for (const { productName, image } of images) this.picture(productName, image).catch(() => undefined);
  }

  async store(productName: string, image: SampleImage): Promise<StoredSamplePicture> {
    const processed = await this.picture(productName, image);
    const path = newAttachmentPath(processed.files.original, processed.extension);
    await Promise.all(ALL_STYLES.map((style) => this.storage.put(styleKey(path, style), processed.files[style], processed.contentType)));
    return { path, fileSize: processed.fileSize, width: processed.width, height: processed.height, contentType: processed.contentType };
  }

  private picture(productName: string, image: SampleImage): Promise<ProcessedImage> {
    let made = this.pictures.get(image.fileName);
    if (!made) {
      made = draw(productName, image);
      this.pictures.set(image.fileName, made);
    }
    return made;
  }
}

async function draw(productName: string, image: SampleImage): Promise<ProcessedImage> {
  const width = image.width ?? 480;
  const height = image.height ?? 480;
  const hue = createHash('sha256').update(productName).digest()[0] * (360 / 256);
  const back = /_back$/.test(image.fileName.replace(/\.\w+$/, ''));
  const lines = wrap(productName, 14);
  const size = Math.round(width / 12);
  const top = height / 2 - ((lines.length - 1) * size * 1.25) / 2;
  const text = lines
    .map((line, i) => `<text x="50%" y="${top + i * size * 1.25}" font-size="${size}">${escapeXml(line)}</text>`)
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="hsl(${hue.toFixed(0)},55%,${back ? 35 : 45}%)"/>` +
    `<g font-family="sans-serif" fill="#fff" text-anchor="middle" dominant-baseline="middle">${text}` +
    (back ? `<text x="50%" y="${height - size}" font-size="${Math.round(size * 0.6)}">back</text>` : '') +
    `</g></svg>`;
  const tile = sharp(Buffer.from(svg));
  const bytes = await (image.contentType === 'image/png' ? tile.png() : tile.jpeg({ quality: 85 })).toBuffer();
  return processImage(bytes, { maxPixels: width * height, maxSide: Math.max(width, height), timeoutSeconds: 60 });
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
