import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdParam } from '../../common/params/id-param';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiListResponse, ApiNotFound } from '../../common/openapi/responses';
import { COUNTRY_SEARCH, CountriesService } from './countries.service';
import { CountryJson, CountryWithStatesJson, serializeCountry, serializeCountryWithStates } from './country.serializer';
import { CatalogCache } from '../../common/http/catalog-cache';

@ApiTags('countries')
@CatalogCache()
@Controller('api/countries')
export class CountriesController {
  constructor(private readonly countries: CountriesService) {}

  @Get()
  @ApiOperation({ summary: 'List countries' })
  @ApiListResponse('countries', CountryJson, { searchable: Object.keys(COUNTRY_SEARCH.attributes) })
  async index(@Query() query: Record<string, unknown>) {
    return listBody('countries', await this.countries.list(listParams(query)), serializeCountry);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Show a country with its states' })
  @ApiOkResponse({ type: CountryWithStatesJson })
  @ApiNotFound()
  async show(@IdParam() id: number): Promise<CountryWithStatesJson> {
    const { country, states } = await this.countries.find(id);
    return serializeCountryWithStates(country, states);
  }
}
