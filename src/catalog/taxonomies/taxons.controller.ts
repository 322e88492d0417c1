import { Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiExtraModels, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { listBody, listParams, Page } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { TaxonParamsDto } from './dto/taxon.dto';
import { Taxon } from './entities/taxon.entity';
import { TAXON_SEARCH, TaxonsService } from './taxons.service';
import { TaxonDepth, TaxonTreeService } from './taxon-tree.service';
import { isNested, SetQuery } from './taxonomies.controller';
import { jstreeNode, JstreeNodeJson, NewResourceJson, serializeTaxon, TAXON_ATTRIBUTES, TaxonWithChildrenJson } from './taxonomy.serializer';
import { CatalogCache } from '../../common/http/catalog-cache';

const WithoutChildrenQuery = () =>
  ApiQuery({ name: 'without_children', required: false, schema: { type: 'boolean' }, description: 'Leave out each taxon\'s `taxons`' });

/** `without_children` (any value, as Spree's `unless params[:without_children]`) or `set=nested`. */
function listDepth(query: Record<string, unknown>): TaxonDepth {
  if (query.without_children !== undefined && query.without_children !== '') return 'none';
  return isNested(query) ? 'tree' : 'children';
}

async function renderList(tree: TaxonTreeService, page: Page<Taxon>, depth: TaxonDepth) {
  const nodes = await tree.nodes(page.items, depth);
  return listBody('taxons', { ...page, items: nodes }, serializeTaxon);
}

/** Reads `:taxonomy_id` for create, where Spree answers 422 (not 404) for an unknown taxonomy. */
function readTaxonomyId(value: string): number | null {
  return /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= 2147483647 ? Number(value) : null;
}

@ApiTags('taxons')
@ApiExtraModels(TaxonWithChildrenJson)
@CatalogCache()
@Controller('api/taxonomies/:taxonomy_id/taxons')
export class TaxonomyTaxonsController {
  constructor(
    private readonly taxons: TaxonsService,
    private readonly tree: TaxonTreeService,
  ) {}

  @Get()
  @ApiOperation({
    summary: "List the root's children, each with its own children; with a q search, every matching taxon of the taxonomy",
  })
  @ApiParam({ name: 'taxonomy_id', schema: { type: 'integer', minimum: 1 } })
  @WithoutChildrenQuery()
  @SetQuery()
  @ApiListResponse('taxons', TaxonWithChildrenJson, { searchable: Object.keys(TAXON_SEARCH.attributes) })
  @ApiNotFound()
  async index(@IdParam('taxonomy_id') taxonomyId: number, @Query() query: Record<string, unknown>) {
    return renderList(this.tree, await this.taxons.listForTaxonomy(taxonomyId, listParams(query)), listDepth(query));
  }

  @Get('new')
  @ApiOperation({ summary: 'Describe the attributes of a taxon' })
  @ApiParam({ name: 'taxonomy_id', schema: { type: 'integer', minimum: 1 } })
  @ApiOkResponse({ type: NewResourceJson })
  describe(): NewResourceJson {
    return { attributes: TAXON_ATTRIBUTES, required_attributes: ['name'] };
  }

  @Get(':id')
  @ApiOperation({ summary: 'Show a taxon with its immediate children' })
  @ApiParam({ name: 'taxonomy_id', schema: { type: 'integer', minimum: 1 } })
  @ApiOkResponse({ type: TaxonWithChildrenJson })
  @ApiNotFound()
  async show(@IdParam('taxonomy_id') taxonomyId: number, @IdParam() id: number): Promise<TaxonWithChildrenJson> {
    return this.render(await this.taxons.find(taxonomyId, id));
  }

  @Get(':id/jstree')
  @ApiOperation({ summary: "The taxon's children as jsTree nodes" })
  @ApiParam({ name: 'taxonomy_id', schema: { type: 'integer', minimum: 1 } })
  @ApiOkResponse({ type: [JstreeNodeJson] })
  @ApiNotFound()
  async jstree(@IdParam('taxonomy_id') taxonomyId: number, @IdParam() id: number): Promise<JstreeNodeJson[]> {
    const taxon = await this.taxons.find(taxonomyId, id);
    return (await this.taxons.children(taxon)).map(jstreeNode);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: "Create a taxon; under the taxonomy's root unless parent_id says otherwise (admin)" })
  @ApiParam({ name: 'taxonomy_id', schema: { type: 'integer', minimum: 1 }, description: 'An unknown taxonomy is a 422 on taxonomy_id' })
  @ApiWrappedBody('taxon', TaxonParamsDto, { requires: ['name'] })
  @ApiCreatedResponse({ type: TaxonWithChildrenJson })
  @ApiInvalid()
  async create(@Param('taxonomy_id') taxonomyId: string, @ResourceParams('taxon', TaxonParamsDto) params: TaxonParamsDto): Promise<TaxonWithChildrenJson> {
    return this.render(await this.taxons.create(readTaxonomyId(taxonomyId), params));
  }

  @Update(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Rename, move (parent_id) or reorder (position or child_index) a taxon; permalinks of its subtree follow (admin)',
    description:
      'The attributes go in the `taxon` wrapper. A body without it (no body, `{}`, or the attributes unwrapped) changes nothing and answers 200 with the taxon as it is, as Spree 2.2 does.',
  })
  @ApiParam({ name: 'taxonomy_id', schema: { type: 'integer', minimum: 1 } })
  @ApiWrappedBody('taxon', TaxonParamsDto, { required: false })
  @ApiOkResponse({ type: TaxonWithChildrenJson, description: 'The taxon after the update (unchanged when the body has no `taxon`)' })
  @ApiNotFound()
  @ApiInvalid()
  async update(
    @IdParam('taxonomy_id') taxonomyId: number,
    @IdParam() id: number,
    @ResourceParams('taxon', TaxonParamsDto) params: TaxonParamsDto,
  ): Promise<TaxonWithChildrenJson> {
    return this.render(await this.taxons.update(taxonomyId, id, params));
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a taxon with all its descendants (admin); the root goes only with its taxonomy' })
  @ApiParam({ name: 'taxonomy_id', schema: { type: 'integer', minimum: 1 } })
  @ApiNoContentResponse()
  @ApiNotFound()
  @ApiInvalid()
  async destroy(@IdParam('taxonomy_id') taxonomyId: number, @IdParam() id: number): Promise<void> {
    await this.taxons.remove(taxonomyId, id);
  }

  private async render(taxon: Taxon): Promise<TaxonWithChildrenJson> {
    return serializeTaxon(await this.tree.node(taxon, 'children')) as TaxonWithChildrenJson;
  }
}

@ApiTags('taxons')
@CatalogCache()
@Controller('api/taxons')
export class TaxonsController {
  constructor(
    private readonly taxons: TaxonsService,
    private readonly tree: TaxonTreeService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List taxons of every taxonomy in tree order, each with its immediate children' })
  @ApiQuery({ name: 'ids', required: false, description: 'Comma-separated ids; replaces the q search', schema: { type: 'string', example: '1,2' } })
  @WithoutChildrenQuery()
  @SetQuery()
  @ApiListResponse('taxons', TaxonWithChildrenJson, { searchable: Object.keys(TAXON_SEARCH.attributes) })
  async index(@Query() query: Record<string, unknown>) {
    return renderList(this.tree, await this.taxons.list(listParams(query), query.ids), listDepth(query));
  }
}
