import { ApiProperty } from '@nestjs/swagger';
import { Image } from './entities/image.entity';
import { ImageStyle, styleKey } from './image-files';

function URL_TEXT(box: string): string {
  return (
    `The uploaded image fitted inside ${box} (never enlarged), in its uploaded format. ` +
    'A path on this service, or an absolute URL on ASSET_HOST/the S3 bucket; a new upload gets new URLs, so the file may be cached forever ' +
    '(Cache-Control: public, max-age=31536000, immutable). An image made from metadata only (no file) has a URL that answers 404.'
  );
}

/** Spree's images/show.v1.rabl: `image_attributes` + viewable + one URL per style. */
export class ImageJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: 'integer' }) position: number;
  @ApiProperty({ example: 'image/jpeg' }) attachment_content_type: string;
  @ApiProperty({ example: 'thinking-cat.jpg' }) attachment_file_name: string;
  @ApiProperty({ example: 'Spree::Image' }) type: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) attachment_updated_at: Date | null;
  @ApiProperty({ type: 'integer', nullable: true }) attachment_width: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) attachment_height: number | null;
  @ApiProperty({ type: 'string', nullable: true }) alt: string | null;
  @ApiProperty({ example: 'Spree::Variant' }) viewable_type: string;
  @ApiProperty({ type: 'integer' }) viewable_id: number;
  @ApiProperty({ example: '/spree/products/3f0c9a1e2b7d4c5a6e8f9012/mini.jpg', description: URL_TEXT('48×48') }) mini_url: string;
  @ApiProperty({ example: '/spree/products/3f0c9a1e2b7d4c5a6e8f9012/small.jpg', description: URL_TEXT('100×100') }) small_url: string;
  @ApiProperty({ example: '/spree/products/3f0c9a1e2b7d4c5a6e8f9012/product.jpg', description: URL_TEXT('240×240') }) product_url: string;
  @ApiProperty({ example: '/spree/products/3f0c9a1e2b7d4c5a6e8f9012/large.jpg', description: URL_TEXT('600×600') }) large_url: string;
}

/** What image JSON reads of an image (an entity, or a row read for a whole page). */
export type ImageFields = Pick<
  Image,
  'id' | 'variantId' | 'position' | 'alt' | 'attachmentFileName' | 'attachmentContentType' | 'attachmentWidth' | 'attachmentHeight' | 'attachmentUpdatedAt' | 'attachmentPath'
>;

/**
 * What the files' keys are prefixed with ('' or the asset host): set once at
 * start from the storage configuration, which is the whole process's, so
 * every serializer of images (variants, products, line items) needs no storage at hand.
 */
let publicBase = '';
export function setImagePublicBase(base: string): void {
  publicBase = base;
}

function styleUrl(image: ImageFields, style: ImageStyle): string {
  if (image.attachmentPath) return `${publicBase}/${styleKey(image.attachmentPath, style)}`;
  // Metadata only, no file: paperclip's `/spree/products/:id/:style/:basename.:extension`, as before (it answers 404).
  return `/spree/products/${image.id}/${style}/${encodeURIComponent(image.attachmentFileName)}`;
}

export function serializeImage(image: ImageFields): ImageJson {
  return {
    id: image.id,
    position: image.position,
    attachment_content_type: image.attachmentContentType,
    attachment_file_name: image.attachmentFileName,
    type: 'Spree::Image',
    attachment_updated_at: image.attachmentUpdatedAt,
    attachment_width: image.attachmentWidth,
    attachment_height: image.attachmentHeight,
    alt: image.alt,
    viewable_type: 'Spree::Variant',
    viewable_id: image.variantId,
    mini_url: styleUrl(image, 'mini'),
    small_url: styleUrl(image, 'small'),
    product_url: styleUrl(image, 'product'),
    large_url: styleUrl(image, 'large'),
  };
}
