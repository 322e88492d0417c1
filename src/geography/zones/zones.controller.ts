import { Controller, Delete, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiWrappedBody, ErrorResponse } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { CreateZoneDto, UpdateZoneDto } from './dto/zone.dto';
import { ZoneWriteGuard } from './zone-write.guard';
import { ZoneJson } from './zone.serializer';
import { ZONE_SEARCH, ZonesService } from './zones.service';

@ApiTags('zones')
@Controller('api/zones')
export class ZonesController {
  constructor(private readonly zones: ZonesService) {}

  @Get()
  @ApiOperation({ summary: 'List zones with their members' })
  @ApiListResponse('zones', ZoneJson, { searchable: Object.keys(ZONE_SEARCH.attributes) })
  async index(@Query() query: Record<string, unknown>) {
    return listBody('zones', await this.zones.list(listParams(query)), (z) => z);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Show a zone with its members' })
  @ApiOkResponse({ type: ZoneJson })
  @ApiNotFound()
  show(@IdParam() id: number): Promise<ZoneJson> {
    return this.zones.show(id);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a zone (admin)' })
  @ApiWrappedBody('zone', CreateZoneDto)
  @ApiCreatedResponse({ type: ZoneJson })
  @ApiInvalid()
  create(@ResourceParams('zone', CreateZoneDto) params: CreateZoneDto): Promise<ZoneJson> {
    return this.zones.create(params);
  }

  @Update(':id')
  @UseGuards(ZoneWriteGuard)
  @ApiSecurity('api-key')
  @ApiOperation({ summary: 'Update a zone (admin)', description: 'Sending `zone_members` replaces every member.' })
  @ApiWrappedBody('zone', UpdateZoneDto)
  @ApiOkResponse({ type: ZoneJson })
  @ApiResponse({ status: 401, description: 'The caller is not an admin', type: ErrorResponse })
  @ApiNotFound()
  @ApiInvalid()
  update(@IdParam() id: number, @ResourceParams('zone', UpdateZoneDto) params: UpdateZoneDto): Promise<ZoneJson> {
    return this.zones.update(id, params);
  }

  @Delete(':id')
  @HttpCode(204)
  @UseGuards(ZoneWriteGuard)
  @ApiSecurity('api-key')
  @ApiOperation({ summary: 'Delete a zone (admin)', description: 'Refused (422) while live tax rates use the zone.' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiResponse({ status: 401, description: 'The caller is not an admin', type: ErrorResponse })
  @ApiNotFound()
  @ApiInvalid()
  async destroy(@IdParam() id: number): Promise<void> {
    await this.zones.remove(id);
  }
}
