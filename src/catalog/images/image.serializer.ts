import { ApiProperty } from '@nestjs/swagger';
import { Image } from './entities/image.entity';

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
  @ApiProperty({ example: '/spree/products/1/mini/thinking-cat.jpg' }) mini_url: string;
  @ApiProperty({ example: '/spree/products/1/small/thinking-cat.jpg' }) small_url: string;
  @ApiProperty({ example: '/spree/products/1/product/thinking-cat.jpg' }) product_url: string;
  @ApiProperty({ example: '/spree/products/1/large/thinking-cat.jpg' }) large_url: string;
}

/** What image JSON reads of an image (an entity, or a row read for a whole page). */
export type ImageFields = Pick<
  Image,
  'id' | 'variantId' | 'position' | 'alt' | 'attachmentFileName' | 'attachmentContentType' | 'attachmentWidth' | 'attachmentHeight' | 'attachmentUpdatedAt'
>;

/** Paperclip's `/spree/products/:id/:style/:basename.:extension`. */
function styleUrl(image: ImageFields, style: string): string {
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
