import { Controller, HttpCode, Put } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { ApiEmptyOk, ApiInvalid, ApiNotFound } from '../../common/openapi/responses';
import { FlatParams } from '../../common/params/resource-params';
import { ClassificationsService } from './classifications.service';
import { ClassificationParamsDto } from './dto/classification.dto';

@ApiTags('classifications')
@Controller('api/classifications')
export class ClassificationsController {
  constructor(private readonly classifications: ClassificationsService) {}

  @Put()
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: "Move a product to a 0-based position among its taxon's products (admin)", description: 'Flat parameters, in the body or the query string.' })
  @ApiBody({ type: ClassificationParamsDto })
  @ApiEmptyOk('moved')
  @ApiNotFound()
  @ApiInvalid()
  async update(@FlatParams(ClassificationParamsDto) params: ClassificationParamsDto): Promise<void> {
    await this.classifications.move(params.product_id, params.taxon_id, params.position ?? 0);
  }
}
