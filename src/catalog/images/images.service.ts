import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { Caller } from '../../common/auth/caller';
import { FieldErrorCollector, NotFoundError } from '../../common/errors/api-errors';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { findVisibleProduct } from '../products/product-scope';
import { Variant } from '../variants/entities/variant.entity';
import { findMasterVariant, findVisibleVariant } from '../variants/variant-scope';
import { ImageParamsDto } from './dto/image.dto';
import { Image } from './entities/image.entity';

export const IMAGE_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'image.id', type: 'integer' },
    position: { expression: 'image.position', type: 'integer' },
    alt: { expression: 'image.alt', type: 'string' },
    attachment_file_name: { expression: 'image.attachment_file_name', type: 'string' },
    attachment_content_type: { expression: 'image.attachment_content_type', type: 'string' },
    created_at: { expression: 'image.created_at', type: 'datetime' },
  },
  defaultOrder: { 'image.position': 'ASC', 'image.id': 'ASC' },
};

/** Whose images a route addresses: a product (through its master variant) or a variant. */
export type ImageOwnerRef = { productId: string } | { variantId: number };

/** The variant images hang on, and the product it belongs to. */
export interface ImageOwner {
  variant: Variant;
  /** Nested under a product: any of its variants may be named as `viewable_id`. */
  viaProduct: boolean;
}

@Injectable()
export class ImagesService {
  constructor(@InjectRepository(Image) private readonly images: Repository<Image>) {}

  private get em(): EntityManager {
    return this.images.manager;
  }

  async owner(ref: ImageOwnerRef, caller: Caller): Promise<ImageOwner> {
    if ('productId' in ref) {
      const product = await findVisibleProduct(this.em, ref.productId, caller);
      return { variant: await findMasterVariant(this.em, product.id), viaProduct: true };
    }
    return { variant: await findVisibleVariant(this.em, ref.variantId, caller), viaProduct: false };
  }

  /** Images of the owner: for a product, those of all its variants (master first); for a variant, its own. */
  list(owner: ImageOwner, params: ListParams): Promise<Page<Image>> {
    return findPage(this.scope(owner), IMAGE_SEARCH, params);
  }

  async find(owner: ImageOwner, id: number): Promise<Image> {
    const image = await this.scope(owner).andWhere('image.id = :id', { id }).getOne();
    if (!image) throw new NotFoundError();
    return image;
  }

  async create(owner: ImageOwner, params: ImageParamsDto): Promise<Image> {
    return this.em.transaction(async (em) => {
      const variantId = await this.targetVariantId(em, owner, params);
      this.validate(params, null);
      const position = params.position ?? (await this.nextPosition(em, variantId));
      return em.save(
        Image,
        em.create(Image, {
          variantId,
          position,
          alt: params.alt ?? null,
          attachmentFileName: params.attachment_file_name!,
          attachmentContentType: params.attachment_content_type!,
          attachmentFileSize: params.attachment_file_size ?? null,
          attachmentWidth: params.attachment_width ?? null,
          attachmentHeight: params.attachment_height ?? null,
          attachmentUpdatedAt: new Date(),
        }),
      );
    });
  }

  async update(owner: ImageOwner, image: Image, params: ImageParamsDto): Promise<Image> {
    return this.em.transaction(async (em) => {
      if (params.viewable_id !== undefined || params.viewable_type !== undefined) image.variantId = await this.targetVariantId(em, owner, params);
      this.validate(params, image);
      const fileChanged =
        (params.attachment_file_name !== undefined && params.attachment_file_name !== image.attachmentFileName) ||
        (params.attachment_content_type !== undefined && params.attachment_content_type !== image.attachmentContentType);
      // Blank ones were refused by validate().
      if (params.attachment_file_name) image.attachmentFileName = params.attachment_file_name;
      if (params.attachment_content_type) image.attachmentContentType = params.attachment_content_type;
      if (params.attachment_file_size !== undefined) image.attachmentFileSize = params.attachment_file_size;
      if (params.attachment_width !== undefined) image.attachmentWidth = params.attachment_width;
      if (params.attachment_height !== undefined) image.attachmentHeight = params.attachment_height;
      if (params.alt !== undefined) image.alt = params.alt;
      if (params.position !== undefined) image.position = params.position;
      if (fileChanged) image.attachmentUpdatedAt = new Date();
      return em.save(Image, image);
    });
  }

  async remove(image: Image): Promise<void> {
    await this.images.delete({ id: image.id });
  }

  private scope(owner: ImageOwner) {
    const qb = this.images.createQueryBuilder('image');
    if (owner.viaProduct) {
      // A product's images are its master's; the route also reaches its variants' images by id.
      qb.andWhere('image.variant_id IN (SELECT v.id FROM variants v WHERE v.product_id = :productId)', { productId: owner.variant.productId });
      qb.addOrderBy('CASE WHEN image.variant_id = :masterId THEN 0 ELSE 1 END', 'ASC').setParameter('masterId', owner.variant.id);
    } else {
      qb.andWhere('image.variant_id = :variantId', { variantId: owner.variant.id });
    }
    return qb;
  }

  /** `viewable_id` may move an image to another variant of the same product. */
  private async targetVariantId(em: EntityManager, owner: ImageOwner, params: ImageParamsDto): Promise<number> {
    const errors = new FieldErrorCollector();
    if (params.viewable_type !== undefined && params.viewable_type !== null && params.viewable_type !== 'Spree::Variant') errors.add('viewable_type', 'is invalid');
    let variantId = owner.variant.id;
    if (params.viewable_id !== undefined && params.viewable_id !== null && params.viewable_id !== owner.variant.id) {
      const ok = owner.viaProduct && (await em.existsBy(Variant, { id: params.viewable_id, productId: owner.variant.productId }));
      if (ok) variantId = params.viewable_id;
      else errors.add('viewable_id', 'is invalid');
    }
    errors.throwIfAny();
    return variantId;
  }

  private validate(params: ImageParamsDto, existing: Image | null): void {
    const errors = new FieldErrorCollector();
    const fileName = params.attachment_file_name !== undefined ? params.attachment_file_name : existing?.attachmentFileName;
    const contentType = params.attachment_content_type !== undefined ? params.attachment_content_type : existing?.attachmentContentType;
    if (!fileName || fileName.trim() === '') errors.add('attachment_file_name', "can't be blank");
    if (!contentType || contentType.trim() === '') errors.add('attachment_content_type', "can't be blank");
    else if (!/^image\/[\w.+-]+$/i.test(contentType.trim())) errors.add('attachment_content_type', 'is invalid');
    errors.throwIfAny();
  }

  private async nextPosition(em: EntityManager, variantId: number): Promise<number> {
    const [{ max }] = await em.query(`SELECT COALESCE(MAX(position), 0) AS max FROM images WHERE variant_id = $1`, [variantId]);
    return Number(max) + 1;
  }
}
