import { Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { ImageParamsDto } from './dto/image.dto';
import { IMAGE_SEARCH, ImageOwnerRef, ImagesService } from './images.service';
import { ImageJson, serializeImage } from './image.serializer';

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

  protected async doCreate(ref: ImageOwnerRef, caller: Caller, params: ImageParamsDto): Promise<ImageJson> {
    const owner = await this.images.owner(ref, caller);
    return serializeImage(await this.images.create(owner, params));
  }

  protected async doUpdate(ref: ImageOwnerRef, caller: Caller, id: number, params: ImageParamsDto): Promise<ImageJson> {
    const owner = await this.images.owner(ref, caller);
    return serializeImage(await this.images.update(owner, await this.images.find(owner, id), params));
  }

  protected async doDestroy(ref: ImageOwnerRef, caller: Caller, id: number): Promise<void> {
    const owner = await this.images.owner(ref, caller);
    await this.images.remove(await this.images.find(owner, id));
  }
}

const ProductParam = () => ApiParam({ name: 'product_id', schema: { type: 'string' }, description: 'Product permalink (slug) or id' });

@ApiTags('images')
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
  @ApiOperation({ summary: "Add image metadata to a product's master variant, or to the variant named by viewable_id (admin)" })
  @ApiWrappedBody('image', ImageParamsDto)
  @ApiCreatedResponse({ type: ImageJson })
  @ApiNotFound()
  @ApiInvalid()
  create(@Param('product_id') productId: string, @ResourceParams('image', ImageParamsDto) params: ImageParamsDto, @CurrentCaller() caller: Caller) {
    return this.doCreate({ productId }, caller, params);
  }

  @Put(':id')
  @AdminOnly({ denial: 'not_found' })
  @ProductParam()
  @ApiOperation({ summary: 'Update image metadata (admin)' })
  @ApiWrappedBody('image', ImageParamsDto)
  @ApiOkResponse({ type: ImageJson })
  @ApiNotFound()
  @ApiInvalid()
  update(@Param('product_id') productId: string, @IdParam() id: number, @ResourceParams('image', ImageParamsDto) params: ImageParamsDto, @CurrentCaller() caller: Caller) {
    return this.doUpdate({ productId }, caller, id, params);
  }

  @Patch(':id')
  @AdminOnly({ denial: 'not_found' })
  @ProductParam()
  @ApiOperation({ summary: 'Update image metadata (admin); same as PUT' })
  @ApiWrappedBody('image', ImageParamsDto)
  @ApiOkResponse({ type: ImageJson })
  @ApiNotFound()
  @ApiInvalid()
  patch(@Param('product_id') productId: string, @IdParam() id: number, @ResourceParams('image', ImageParamsDto) params: ImageParamsDto, @CurrentCaller() caller: Caller) {
    return this.doUpdate({ productId }, caller, id, params);
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
  @ApiOperation({ summary: 'Add image metadata to a variant (admin)' })
  @ApiWrappedBody('image', ImageParamsDto)
  @ApiCreatedResponse({ type: ImageJson })
  @ApiNotFound()
  @ApiInvalid()
  create(@IdParam('variant_id') variantId: number, @ResourceParams('image', ImageParamsDto) params: ImageParamsDto, @CurrentCaller() caller: Caller) {
    return this.doCreate({ variantId }, caller, params);
  }

  @Put(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Update image metadata (admin)' })
  @ApiWrappedBody('image', ImageParamsDto)
  @ApiOkResponse({ type: ImageJson })
  @ApiNotFound()
  @ApiInvalid()
  update(@IdParam('variant_id') variantId: number, @IdParam() id: number, @ResourceParams('image', ImageParamsDto) params: ImageParamsDto, @CurrentCaller() caller: Caller) {
    return this.doUpdate({ variantId }, caller, id, params);
  }

  @Patch(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Update image metadata (admin); same as PUT' })
  @ApiWrappedBody('image', ImageParamsDto)
  @ApiOkResponse({ type: ImageJson })
  @ApiNotFound()
  @ApiInvalid()
  patch(@IdParam('variant_id') variantId: number, @IdParam() id: number, @ResourceParams('image', ImageParamsDto) params: ImageParamsDto, @CurrentCaller() caller: Caller) {
    return this.doUpdate({ variantId }, caller, id, params);
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
