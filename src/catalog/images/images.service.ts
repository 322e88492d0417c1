import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { Caller } from '../../common/auth/caller';
import { raiseEvent } from '../../common/events/events';
import { NoTurnError, Turns } from '../../common/collections/turns';
import { ApiError, ErrorText, FieldErrorCollector, NotFoundError } from '../../common/errors/api-errors';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { FILE_STORAGE, FileStorage } from '../../common/storage/file-storage';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { findVisibleProduct } from '../products/product-scope';
import { Variant } from '../variants/entities/variant.entity';
import { findMasterVariant, findVisibleVariant } from '../variants/variant-scope';
import { ImageParamsDto } from './dto/image.dto';
import { Image } from './entities/image.entity';
import { ALL_STYLES, cleanFileName, configureImageProcessing, newAttachmentPath, processImage, ProcessedImage, styleKey } from './image-files';
import { setImagePublicBase } from './image.serializer';

/** An uploaded file as the multipart reader holds it (in memory, not yet checked). */
export interface ImageUpload {
  buffer: Buffer;
  originalname: string;
}

/** A checked upload's files and the row fields they fill. */
interface StoredFiles {
  path: string;
  keys: string[];
  image: ProcessedImage;
  fileName: string;
}

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

/** 503: uploads already fill their turns (IMAGE_PROCESSING_CONCURRENCY), and this one waited too long for one. */
export class ImagesBusyError extends ApiError {
  constructor(waitedMs: number) {
    super(HttpStatus.SERVICE_UNAVAILABLE, { error: ErrorText.unavailable });
    this.message = `Image uploads busy: no turn within ${waitedMs} ms`;
  }
}

@Injectable()
export class ImagesService {
  private readonly logger = new Logger('Images');
  /** Uploads decoded and resized at once (IMAGE_PROCESSING_CONCURRENCY); the others wait their turn, at most IMAGE_PROCESSING_TIMEOUT_SECONDS. */
  private readonly processing: Turns;

  constructor(
    @InjectRepository(Image) private readonly images: Repository<Image>,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    setImagePublicBase(storage.publicBase);
    configureImageProcessing();
    this.processing = new Turns(config.images.concurrency, config.images.timeoutSeconds * 1000);
  }

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

  /** A new image: from an uploaded file (its fields filled from the real file), or from metadata alone (the JSON form). */
  async create(owner: ImageOwner, params: ImageParamsDto, upload?: ImageUpload): Promise<Image> {
    const stored = upload ? await this.storeFiles(upload) : null;
    return this.withFiles(stored, () =>
      this.em.transaction(async (em) => {
        const variantId = await this.targetVariantId(em, owner, params);
        // An upload's attachment_* come from its file; metadata alone must name one.
        if (!stored) this.validate(params, null);
        const position = params.position ?? (await this.nextPosition(em, variantId));
        raiseEvent(em, 'product.updated', { resource: 'product', id: owner.variant.productId });
        return em.save(
          Image,
          em.create(Image, {
            variantId,
            position,
            alt: params.alt ?? null,
            ...(stored
              ? this.fileFields(stored)
              : {
                  attachmentFileName: params.attachment_file_name!,
                  attachmentContentType: params.attachment_content_type!,
                  attachmentFileSize: params.attachment_file_size ?? null,
                  attachmentWidth: params.attachment_width ?? null,
                  attachmentHeight: params.attachment_height ?? null,
                  attachmentPath: null,
                }),
            attachmentUpdatedAt: new Date(),
          }),
        );
      }),
    );
  }

  async update(owner: ImageOwner, image: Image, params: ImageParamsDto, upload?: ImageUpload): Promise<Image> {
    const stored = upload ? await this.storeFiles(upload) : null;
    let replaced: string | null = null;
    const saved = await this.withFiles(stored, () =>
      this.em.transaction(async (em) => {
        if (stored) {
          // The files the row names at commit time, locked: of two uploads racing on one image, the loser's files are the ones removed.
          const [row]: { path: string | null }[] = await em.query(`SELECT attachment_path AS path FROM images WHERE id = $1 FOR UPDATE`, [image.id]);
          if (!row) throw new NotFoundError(); // deleted meanwhile
          replaced = row.path;
        }
        raiseEvent(em, 'product.updated', { resource: 'product', id: owner.variant.productId });
        return this.applyUpdate(em, owner, image, params, stored);
      }),
    );
    // After the commit: until then the row still named the old files.
    if (replaced) await this.deleteFiles(replaced);
    return saved;
  }

  private async applyUpdate(em: EntityManager, owner: ImageOwner, image: Image, params: ImageParamsDto, stored: StoredFiles | null): Promise<Image> {
    if (params.viewable_id !== undefined || params.viewable_type !== undefined) image.variantId = await this.targetVariantId(em, owner, params);
    if (stored || image.attachmentPath) {
      // An uploaded file's fields are the file's own: the client's attachment_* are ignored.
      if (stored) Object.assign(image, this.fileFields(stored), { attachmentUpdatedAt: new Date() });
      if (params.alt !== undefined) image.alt = params.alt;
      if (params.position !== undefined) image.position = params.position;
      return em.save(Image, image);
    }
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
  }

  /** The row first, then its files: a failure in between leaves unused files, never a row without its files. */
  async remove(owner: ImageOwner, image: Image): Promise<void> {
    await this.em.transaction(async (em) => {
      await em.delete(Image, { id: image.id });
      raiseEvent(em, 'product.updated', { resource: 'product', id: owner.variant.productId });
    });
    if (image.attachmentPath) await this.deleteFiles(image.attachmentPath);
  }

  /**
   * Checks the upload and writes its files, before the row's transaction.
   * The order is chosen so that a row never names files that are not there:
   * the files are complete (each written whole under its final, never-reused
   * name) before the row that names them commits; if anything fails before
   * the commit, `withFiles` deletes them. What a crash between the two can
   * leave is unused files under a fresh name, which nobody can see, never a
   * broken image. (Writing under temporary names and renaming after the
   * commit would instead risk a committed row whose files never got their names.)
   */
  private async storeFiles(upload: ImageUpload): Promise<StoredFiles> {
    const image = await this.process(upload.buffer);
    const path = newAttachmentPath(image.files.original, image.extension);
    const keys = ALL_STYLES.map((style) => styleKey(path, style));
    const writes = await Promise.allSettled(ALL_STYLES.map((style) => this.storage.put(styleKey(path, style), image.files[style], image.contentType)));
    const failed = writes.find((w): w is PromiseRejectedResult => w.status === 'rejected');
    if (failed) {
      await this.storage.delete(keys).catch((error) => this.logger.error(`Could not remove the files of a failed upload (${path}): ${error}`));
      throw failed.reason;
    }
    return { path, keys, image, fileName: cleanFileName(upload.originalname, image.extension) };
  }

  /**
   * An upload's files, checked and made in its turn (everything libvips does for uploads, so at most
   * IMAGE_PROCESSING_CONCURRENCY at once), within the time limit. Waiting longer than that for a turn is a 503.
   */
  private async process(bytes: Buffer): Promise<ProcessedImage> {
    try {
      return await this.processing.run(() => processImage(bytes, this.config.images));
    } catch (error) {
      if (error instanceof NoTurnError) throw new ImagesBusyError(error.waitedMs);
      throw error;
    }
  }

  /** Runs the row's transaction; if it fails, the files written for it are removed. */
  private async withFiles<T>(stored: StoredFiles | null, transaction: () => Promise<T>): Promise<T> {
    try {
      return await transaction();
    } catch (error) {
      if (stored) await this.storage.delete(stored.keys).catch((e) => this.logger.error(`Could not remove the files of a refused upload (${stored.path}): ${e}`));
      throw error;
    }
  }

  private fileFields(stored: StoredFiles): Partial<Image> {
    return {
      attachmentFileName: stored.fileName,
      attachmentContentType: stored.image.contentType,
      attachmentFileSize: stored.image.fileSize,
      attachmentWidth: stored.image.width,
      attachmentHeight: stored.image.height,
      attachmentPath: stored.path,
    };
  }

  /** Removes an image's files once its row no longer names them; a failure leaves unused files, logged, not a failed request. */
  private async deleteFiles(path: string): Promise<void> {
    await this.storage.delete(ALL_STYLES.map((style) => styleKey(path, style))).catch((error) => this.logger.error(`Could not remove the files ${path}: ${error}`));
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
