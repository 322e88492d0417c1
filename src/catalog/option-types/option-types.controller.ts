import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { readIdsQuery } from '../products/ids-query';
import { CreateOptionTypeParamsDto, CreateOptionValueParamsDto, OptionTypeParamsDto, OptionValueParamsDto } from './dto/option-type.dto';
import { OPTION_TYPE_SEARCH, OPTION_VALUE_SEARCH, OptionTypesService } from './option-types.service';
import { OptionTypeJson, OptionValueJson, serializeOptionType, serializeOptionValue } from './option-type.serializer';
import { OptionType } from './entities/option-type.entity';

const IdsQuery = () => ApiQuery({ name: 'ids', required: false, description: 'Comma-separated ids; replaces the q search', schema: { type: 'string', example: '1,2' } });

@ApiTags('option types')
@Controller('api/option_types')
export class OptionTypesController {
  constructor(private readonly optionTypes: OptionTypesService) {}

  @Get()
  @ApiOperation({ summary: 'List option types with their values' })
  @IdsQuery()
  @ApiListResponse('option_types', OptionTypeJson, { searchable: Object.keys(OPTION_TYPE_SEARCH.attributes) })
  async index(@Query() query: Record<string, unknown>) {
    const page = await this.optionTypes.list(listParams(query), readIdsQuery(query.ids));
    const values = await this.optionTypes.valuesByType(page.items.map((t) => t.id));
    return listBody('option_types', page, (type) => serializeOptionType(type, values.get(type.id) ?? []));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Show an option type with its values' })
  @ApiOkResponse({ type: OptionTypeJson })
  @ApiNotFound()
  async show(@IdParam() id: number): Promise<OptionTypeJson> {
    return this.render(await this.optionTypes.find(id));
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create an option type (admin)' })
  @ApiWrappedBody('option_type', CreateOptionTypeParamsDto)
  @ApiCreatedResponse({ type: OptionTypeJson })
  @ApiInvalid()
  async create(@ResourceParams('option_type', OptionTypeParamsDto) params: OptionTypeParamsDto): Promise<OptionTypeJson> {
    return this.render(await this.optionTypes.create(params));
  }

  @Update(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Update an option type (admin)' })
  @ApiWrappedBody('option_type', OptionTypeParamsDto)
  @ApiOkResponse({ type: OptionTypeJson })
  @ApiNotFound()
  @ApiInvalid()
  async update(@IdParam() id: number, @ResourceParams('option_type', OptionTypeParamsDto) params: OptionTypeParamsDto): Promise<OptionTypeJson> {
    const type = await this.optionTypes.find(id);
    return this.render(await this.optionTypes.update(type, params));
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Delete an option type and its values (admin)' })
  @ApiNoContentResponse()
  @ApiNotFound()
  async destroy(@IdParam() id: number): Promise<void> {
    await this.optionTypes.remove(await this.optionTypes.find(id));
  }

  private async render(type: OptionType): Promise<OptionTypeJson> {
    const values = await this.optionTypes.valuesByType([type.id]);
    return serializeOptionType(type, values.get(type.id) ?? []);
  }
}

@ApiTags('option values')
@Controller('api/option_types/:option_type_id/option_values')
export class OptionValuesController {
  constructor(private readonly optionTypes: OptionTypesService) {}

  @Get()
  @ApiOperation({ summary: "List an option type's values" })
  @IdsQuery()
  @ApiListResponse('option_values', OptionValueJson, { searchable: Object.keys(OPTION_VALUE_SEARCH.attributes) })
  @ApiNotFound()
  async index(@IdParam('option_type_id') optionTypeId: number, @Query() query: Record<string, unknown>) {
    const type = await this.optionTypes.find(optionTypeId);
    const page = await this.optionTypes.listValues(listParams(query), type.id, readIdsQuery(query.ids));
    return listBody('option_values', page, (value) => serializeOptionValue(value, type));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Show an option value' })
  @ApiOkResponse({ type: OptionValueJson })
  @ApiNotFound()
  async show(@IdParam('option_type_id') optionTypeId: number, @IdParam() id: number): Promise<OptionValueJson> {
    const type = await this.optionTypes.find(optionTypeId);
    return serializeOptionValue(await this.optionTypes.findValue(type.id, id), type);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create an option value (admin)' })
  @ApiWrappedBody('option_value', CreateOptionValueParamsDto)
  @ApiCreatedResponse({ type: OptionValueJson })
  @ApiNotFound()
  @ApiInvalid()
  async create(@IdParam('option_type_id') optionTypeId: number, @ResourceParams('option_value', OptionValueParamsDto) params: OptionValueParamsDto): Promise<OptionValueJson> {
    const type = await this.optionTypes.find(optionTypeId);
    return serializeOptionValue(await this.optionTypes.createValue(type, params), type);
  }

  @Update(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Update an option value (admin)' })
  @ApiWrappedBody('option_value', OptionValueParamsDto)
  @ApiOkResponse({ type: OptionValueJson })
  @ApiNotFound()
  @ApiInvalid()
  async update(
    @IdParam('option_type_id') optionTypeId: number,
    @IdParam() id: number,
    @ResourceParams('option_value', OptionValueParamsDto) params: OptionValueParamsDto,
  ): Promise<OptionValueJson> {
    const type = await this.optionTypes.find(optionTypeId);
    const value = await this.optionTypes.findValue(type.id, id);
    return serializeOptionValue(await this.optionTypes.updateValue(value, params), type);
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Delete an option value (admin)' })
  @ApiNoContentResponse()
  @ApiNotFound()
  async destroy(@IdParam('option_type_id') optionTypeId: number, @IdParam() id: number): Promise<void> {
    await this.optionTypes.removeValue(await this.optionTypes.findValue(optionTypeId, id));
  }
}

/** Read-only `/api/option_values` across all types (Spree's unscoped OptionValuesController#index/show). */
@ApiTags('option values')
@Controller('api/option_values')
export class AllOptionValuesController {
  constructor(private readonly optionTypes: OptionTypesService) {}

  @Get()
  @ApiOperation({ summary: 'List option values of every option type' })
  @IdsQuery()
  @ApiListResponse('option_values', OptionValueJson, { searchable: Object.keys(OPTION_VALUE_SEARCH.attributes) })
  async index(@Query() query: Record<string, unknown>) {
    const page = await this.optionTypes.listValues(listParams(query), null, readIdsQuery(query.ids));
    const types = await this.optionTypes.typesById(page.items.map((v) => v.optionTypeId));
    return listBody('option_values', page, (value) => serializeOptionValue(value, types.get(value.optionTypeId)!));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Show an option value' })
  @ApiOkResponse({ type: OptionValueJson })
  @ApiNotFound()
  async show(@IdParam() id: number): Promise<OptionValueJson> {
    const value = await this.optionTypes.findValue(null, id);
    return serializeOptionValue(value, await this.optionTypes.find(value.optionTypeId));
  }
}
