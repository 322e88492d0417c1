import { applyDecorators, Controller, Delete, Get, HttpCode, Param, Post, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiCreatedResponse, ApiExtension, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiWrappedBody, ErrorResponse } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { ImageParamsDto } from './dto/image.dto';
import { IMAGE_SEARCH, ImageOwnerRef, ImageUpload, ImagesService } from './images.service';
import { ATTACHMENT_FIELD, ImageUploadInterceptor } from './image-upload.interceptor';
import { ImageJson, serializeImage } from './image.serializer';
import { CatalogCache } from '../../common/http/catalog-cache';
import { TakesUploads } from '../../common/http/upload-routes';

/** The five actions, shared by the product and the variant routes. */
abstract class ImagesActions {
  constructor(protected readonly images: ImagesService) {}

  protected async doIndex(ref: ImageOwnerRef, caller: Caller, query: Record<string, unknown>) {
    const owner = await this.images.owner(ref, caller);
    return listBody('images', await this.images.list(owner, listParams(query)), serializeImage);
  }

  protected async doShow(ref: ImageOwnerRef, caller: Caller, id: number): Promise<ImageJson> {
    const owner = await this.images.owner(ref, caller);
    return serializeImage(await this.images.find(owner, id));
  }

  protected async doCreate(ref: ImageOwnerRef, caller: Caller, params: ImageParamsDto, file: ImageUpload | undefined): Promise<ImageJson> {
    const owner = await this.images.owner(ref, caller);
    return serializeImage(await this.images.create(owner, params, file));
  }

  protected async doUpdate(ref: ImageOwnerRef, caller: Caller, id: number, params: ImageParamsDto, file: ImageUpload | undefined): Promise<ImageJson> {
    const owner = await this.images.owner(ref, caller);
    return serializeImage(await this.images.update(owner, await this.images.find(owner, id), params, file));
  }

  protected async doDestroy(ref: ImageOwnerRef, caller: Caller, id: number): Promise<void> {
    const owner = await this.images.owner(ref, caller);
    await this.images.remove(owner, await this.images.find(owner, id));
  }
}

/**
 * The body of a create or update: JSON (`{"image": {…}}`, metadata only) or
 * a multipart form with the file as `image[attachment]`, read by
 * ImageUploadInterceptor. openapi.ts turns `x-multipart-body` into the
 * operation's multipart/form-data body, so the upload can be tried from /api/docs.
 */
const ImageBody = (upload: 'required' | 'optional') =>
  applyDecorators(
    UseInterceptors(ImageUploadInterceptor),
    // Its multipart body (the file) is read by the interceptor, after the guards, not with the other bodies.
    TakesUploads(),
    ApiConsumes('application/json', 'multipart/form-data'),
    ApiWrappedBody('image', ImageParamsDto),
    ApiExtension('x-multipart-body', {
      type: 'object',
      ...(upload === 'required' ? { required: [ATTACHMENT_FIELD] } : {}),
      properties: {
        [ATTACHMENT_FIELD]: {
          type: 'string',
          format: 'binary',
          description:
            'The picture: JPEG, PNG, GIF or WebP, recognised from its bytes (anything else is a 422 on `attachment`), at most IMAGE_MAX_BYTES (413 above), ' +
            'IMAGE_MAX_SIDE pixels wide and high and IMAGE_MAX_PIXELS in all (422 above, from its header, before it is decoded). ' +
            'Uploads are processed IMAGE_PROCESSING_CONCURRENCY at a time per instance, each within IMAGE_PROCESSING_TIMEOUT_SECONDS (422 on `attachment` past it). ' +
            'It is turned upright by its EXIF orientation, its metadata (EXIF, GPS) dropped, and kept with four sizes (mini 48×48, small 100×100, product 240×240, large 600×600, fitted inside). ' +
            'attachment_file_name, _content_type, _file_size, _width and _height come from the file; those sent are ignored.' +
            (upload === 'optional' ? ' Optional: without it only the metadata changes; with it the image gets new files and URLs.' : ''),
        },
        'image[alt]': { type: 'string' },
        'image[position]': { type: 'integer', minimum: 0 },
        'image[viewable_type]': { type: 'string', example: 'Spree::Variant' },
        'image[viewable_id]': { type: 'integer', description: 'A variant of the product (its master by default)' },
      },
    }),
    ApiResponse({ status: 413, description: 'The file is larger than IMAGE_MAX_BYTES, or the form has too many fields', type: ErrorResponse }),
    ApiResponse({
      status: 503,
      description:
        'Service unavailable: the database cannot be reached right now, or the upload waited longer than IMAGE_PROCESSING_TIMEOUT_SECONDS for its turn (uploads are processed IMAGE_PROCESSING_CONCURRENCY at a time); try again later',
      type: ErrorResponse,
    }),
  );

const ProductParam = () => ApiParam({ name: 'product_id', schema: { type: 'string' }, description: 'Product permalink (slug) or id' });

@ApiTags('images')
@CatalogCache()
@Controller('api/products/:product_id/images')
export class ProductImagesController extends ImagesActions {
  constructor(images: ImagesService) {
    super(images);
  }

  @Get()
  @ProductParam()
  @ApiOperation({ summary: "List a product's images (its master's first, then its variants')" })
  @ApiListResponse('images', ImageJson, { searchable: Object.keys(IMAGE_SEARCH.attributes) })
  @ApiNotFound()
  index(@Param('product_id') productId: string, @CurrentCaller() caller: Caller, @Query() query: Record<string, unknown>) {
    return this.doIndex({ productId }, caller, query);
  }

  @Get(':id')
  @ProductParam()
  @ApiOperation({ summary: 'Show an image of a product' })
  @ApiOkResponse({ type: ImageJson })
  @ApiNotFound()
  show(@Param('product_id') productId: string, @IdParam() id: number, @CurrentCaller() caller: Caller) {
    return this.doShow({ productId }, caller, id);
  }

  @Post()
  @AdminOnly()
  @ProductParam()
  @ApiOperation({ summary: "Upload an image (or add image metadata) to a product's master variant, or to the variant named by viewable_id (admin)" })
  @ImageBody('required')
  @ApiCreatedResponse({ type: ImageJson })
  @ApiNotFound()
  @ApiInvalid()
  create(@Param('product_id') productId: string, @ResourceParams('image', ImageParamsDto) params: ImageParamsDto, @UploadedFile() file: ImageUpload | undefined, @CurrentCaller() caller: Caller) {
    return this.doCreate({ productId }, caller, params, file);
  }

  @Update(':id')
  @AdminOnly({ denial: 'not_found' })
  @ProductParam()
  @ApiOperation({ summary: 'Update an image: its metadata, or its file (admin)' })
  @ImageBody('optional')
  @ApiOkResponse({ type: ImageJson })
  @ApiNotFound()
  @ApiInvalid()
  update(@Param('product_id') productId: string, @IdParam() id: number, @ResourceParams('image', ImageParamsDto) params: ImageParamsDto, @UploadedFile() file: ImageUpload | undefined, @CurrentCaller() caller: Caller) {
    return this.doUpdate({ productId }, caller, id, params, file);
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly({ denial: 'not_found' })
  @ProductParam()
  @ApiOperation({ summary: 'Delete an image (admin)' })
  @ApiNoContentResponse()
  @ApiNotFound()
  destroy(@Param('product_id') productId: string, @IdParam() id: number, @CurrentCaller() caller: Caller) {
    return this.doDestroy({ productId }, caller, id);
  }
}

@ApiTags('images')
@Controller('api/variants/:variant_id/images')
export class VariantImagesController extends ImagesActions {
  constructor(images: ImagesService) {
    super(images);
  }

  @Get()
  @ApiOperation({ summary: "List a variant's images" })
  @ApiListResponse('images', ImageJson, { searchable: Object.keys(IMAGE_SEARCH.attributes) })
  @ApiNotFound()
  index(@IdParam('variant_id') variantId: number, @CurrentCaller() caller: Caller, @Query() query: Record<string, unknown>) {
    return this.doIndex({ variantId }, caller, query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Show an image of a variant' })
  @ApiOkResponse({ type: ImageJson })
  @ApiNotFound()
  show(@IdParam('variant_id') variantId: number, @IdParam() id: number, @CurrentCaller() caller: Caller) {
    return this.doShow({ variantId }, caller, id);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Upload an image (or add image metadata) to a variant (admin)' })
  @ImageBody('required')
  @ApiCreatedResponse({ type: ImageJson })
  @ApiNotFound()
  @ApiInvalid()
  create(@IdParam('variant_id') variantId: number, @ResourceParams('image', ImageParamsDto) params: ImageParamsDto, @UploadedFile() file: ImageUpload | undefined, @CurrentCaller() caller: Caller) {
    return this.doCreate({ variantId }, caller, params, file);
  }

  @Update(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Update an image: its metadata, or its file (admin)' })
  @ImageBody('optional')
  @ApiOkResponse({ type: ImageJson })
  @ApiNotFound()
  @ApiInvalid()
  update(@IdParam('variant_id') variantId: number, @IdParam() id: number, @ResourceParams('image', ImageParamsDto) params: ImageParamsDto, @UploadedFile() file: ImageUpload | undefined, @CurrentCaller() caller: Caller) {
    return this.doUpdate({ variantId }, caller, id, params, file);
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Delete an image (admin)' })
  @ApiNoContentResponse()
  @ApiNotFound()
  destroy(@IdParam('variant_id') variantId: number, @IdParam() id: number, @CurrentCaller() caller: Caller) {
    return this.doDestroy({ variantId }, caller, id);
  }
}
