import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { CreateTaxonomyDto, TaxonomyParamsDto } from './dto/taxonomy.dto';
import { Taxonomy } from './entities/taxonomy.entity';
import { TAXONOMY_SEARCH, TaxonomiesService } from './taxonomies.service';
import { TaxonTreeService } from './taxon-tree.service';
import { jstreeNode, JstreeNodeJson, NewResourceJson, serializeTaxonomy, TAXONOMY_ATTRIBUTES, TaxonomyJson } from './taxonomy.serializer';
import { CatalogCache } from '../../common/http/catalog-cache';

export const SetQuery = () =>
  ApiQuery({
    name: 'set',
    required: false,
    type: String,
    example: 'nested',
    description: '`nested`: every taxon carries its own `taxons`, down to the leaves. Any other value is taken and ignored (the usual shape), as Spree 2.2 does',
  });

export const isNested = (query: Record<string, unknown>) => query.set === 'nested';

@ApiTags('taxonomies')
@CatalogCache()
@Controller('api/taxonomies')
export class TaxonomiesController {
  constructor(
    private readonly taxonomies: TaxonomiesService,
    private readonly tree: TaxonTreeService,
  ) {}

  @Get()
  @ApiOperation({ summary: "List taxonomies, each with its root and the root's children (the whole tree with set=nested)" })
  @SetQuery()
  @ApiListResponse('taxonomies', TaxonomyJson, { searchable: Object.keys(TAXONOMY_SEARCH.attributes) })
  async index(@Query() query: Record<string, unknown>) {
    const page = await this.taxonomies.list(listParams(query));
    const roots = await this.tree.rootNodes(
      page.items.map((t) => t.id),
      isNested(query) ? 'tree' : 'children',
    );
    return listBody('taxonomies', page, (taxonomy) => serializeTaxonomy(taxonomy, roots.get(taxonomy.id)));
  }

  @Get('new')
  @ApiOperation({ summary: 'Describe the attributes of a taxonomy' })
  @ApiOkResponse({ type: NewResourceJson })
  describe(): NewResourceJson {
    return { attributes: TAXONOMY_ATTRIBUTES, required_attributes: ['name'] };
  }

  @Get(':id')
  @ApiOperation({ summary: "Show a taxonomy with its root and the root's children (the whole tree with set=nested)" })
  @SetQuery()
  @ApiOkResponse({ type: TaxonomyJson })
  @ApiNotFound()
  async show(@IdParam() id: number, @Query() query: Record<string, unknown>): Promise<TaxonomyJson> {
    return this.render(await this.taxonomies.find(id), isNested(query));
  }

  @Get(':id/jstree')
  @ApiOperation({ summary: "The taxonomy's root as a jsTree node" })
  @ApiOkResponse({ type: JstreeNodeJson })
  @ApiNotFound()
  async jstree(@IdParam() id: number): Promise<JstreeNodeJson> {
    const taxonomy = await this.taxonomies.find(id);
    const root = (await this.tree.roots([taxonomy.id])).get(taxonomy.id);
    return root ? jstreeNode(root) : { data: taxonomy.name, attr: { id: 0, name: taxonomy.name }, state: 'closed' };
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a taxonomy and its root taxon, named like it (admin)' })
  @ApiWrappedBody('taxonomy', CreateTaxonomyDto)
  @ApiCreatedResponse({ type: TaxonomyJson })
  @ApiInvalid()
  async create(@ResourceParams('taxonomy', CreateTaxonomyDto) params: CreateTaxonomyDto): Promise<TaxonomyJson> {
    return this.render(await this.taxonomies.create(params), false);
  }

  @Update(':id')
  @AdminOnly()
  @ApiOperation({ summary: 'Rename a taxonomy; its root taxon takes the new name (admin)' })
  @ApiWrappedBody('taxonomy', TaxonomyParamsDto)
  @ApiOkResponse({ type: TaxonomyJson })
  @ApiNotFound()
  @ApiInvalid()
  async update(@IdParam() id: number, @ResourceParams('taxonomy', TaxonomyParamsDto) params: TaxonomyParamsDto): Promise<TaxonomyJson> {
    return this.render(await this.taxonomies.update(id, params), false);
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a taxonomy with all its taxons (admin)' })
  @ApiNoContentResponse()
  @ApiNotFound()
  async destroy(@IdParam() id: number): Promise<void> {
    await this.taxonomies.remove(id);
  }

  private async render(taxonomy: Taxonomy, nested: boolean): Promise<TaxonomyJson> {
    const roots = await this.tree.rootNodes([taxonomy.id], nested ? 'tree' : 'children');
    return serializeTaxonomy(taxonomy, roots.get(taxonomy.id));
  }
}
