import { applyDecorators, Controller, Get, Query } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { IdParam } from '../../common/params/id-param';
import { listParams, Page } from '../../common/listing/list-query';
import { ApiListResponse, ApiNotFound } from '../../common/openapi/responses';
import { State } from './entities/state.entity';
import { STATE_SEARCH, StateList, StatesService } from './states.service';
import { serializeState, StateJson } from './state.serializer';
import { CatalogCache } from '../../common/http/catalog-cache';

/** The list body; unpaginated lists report one page holding every state. */
function statesBody(list: StateList): Record<string, unknown> {
  const paged = !Array.isArray(list.states);
  const page: Page<State> = paged
    ? (list.states as Page<State>)
    : { items: list.states as State[], totalCount: (list.states as State[]).length, currentPage: 1, perPage: (list.states as State[]).length };
  return {
    ...(list.country ? { states_required: list.country.statesRequired } : {}),
    states: page.items.map(serializeState),
    count: page.items.length,
    total_count: page.totalCount,
    current_page: page.currentPage,
    per_page: page.perPage,
    pages: paged ? Math.max(1, Math.ceil(page.totalCount / page.perPage)) : 1,
  };
}

const ApiStatesList = (withCountry: boolean) =>
  applyDecorators(
    ApiListResponse('states', StateJson, { searchable: Object.keys(STATE_SEARCH.attributes) }),
    // Replaces the generic list schema: the same body, plus `states_required` under a country.
    ApiExtraModels(StateJson),
    ApiOkResponse({
      description:
        'Without `page` and `per_page`, every matching state (`current_page` and `pages` are 1, `per_page` equals `count`); with either, one page as in every other list.',
      schema: {
        type: 'object',
        required: ['states', 'count', 'total_count', 'current_page', 'per_page', 'pages', ...(withCountry ? ['states_required'] : [])],
        properties: {
          ...(withCountry ? { states_required: { type: 'boolean', description: "Whether the country's addresses need a state" } } : {}),
          states: { type: 'array', items: { $ref: getSchemaPath(StateJson) } },
          count: { type: 'integer', description: 'Items on this page' },
          total_count: { type: 'integer', description: 'All matching items' },
          current_page: { type: 'integer' },
          per_page: { type: 'integer' },
          pages: { type: 'integer' },
        },
      },
    }),
  );

const wantsPages = (query: Record<string, unknown>) => query.page !== undefined || query.per_page !== undefined;

@ApiTags('states')
@CatalogCache()
@Controller('api')
export class StatesController {
  constructor(private readonly states: StatesService) {}

  @Get('states')
  @ApiOperation({ summary: 'List states', description: 'Unpaginated unless `page` or `per_page` is sent.' })
  @ApiStatesList(false)
  async index(@Query() query: Record<string, unknown>) {
    return statesBody(await this.states.list(listParams(query), wantsPages(query)));
  }

  @Get('countries/:country_id/states')
  @ApiOperation({ summary: "List a country's states", description: 'Unpaginated unless `page` or `per_page` is sent.' })
  @ApiStatesList(true)
  @ApiNotFound()
  async indexOfCountry(@IdParam('country_id') countryId: number, @Query() query: Record<string, unknown>) {
    return statesBody(await this.states.list(listParams(query), wantsPages(query), countryId));
  }

  @Get('states/:id')
  @ApiOperation({ summary: 'Show a state' })
  @ApiOkResponse({ type: StateJson })
  @ApiNotFound()
  async show(@IdParam() id: number): Promise<StateJson> {
    return serializeState(await this.states.find(id));
  }

  @Get('countries/:country_id/states/:id')
  @ApiOperation({ summary: "Show one of a country's states" })
  @ApiOkResponse({ type: StateJson })
  @ApiNotFound()
  async showOfCountry(@IdParam('country_id') countryId: number, @IdParam() id: number): Promise<StateJson> {
    return serializeState(await this.states.find(id, countryId));
  }
}
