import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ApiInvalid, ApiNotFound, ApiUnauthorized, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { AddressJson } from './address.serializer';
import { AddressAccessService } from './address-access.service';
import { AddressParamsDto } from './dto/address-params.dto';

const ACCESS =
  "Readable and changeable by an admin or by the user whose bill or ship address it is; an order's addresses are reached through " +
  '/api/orders/:number/addresses/:id. 401 for anyone else, whether or not the address exists; 404 (no such address) for admins only.';

@ApiTags('addresses')
@Controller('api/addresses')
export class AddressesController {
  constructor(private readonly access: AddressAccessService) {}

  @Get(':id')
  @ApiOperation({ summary: 'Show an address', description: ACCESS })
  @ApiOkResponse({ type: AddressJson })
  @ApiUnauthorized()
  @ApiNotFound()
  show(@IdParam() id: number, @CurrentCaller() caller: Caller): Promise<AddressJson> {
    return this.access.show(id, caller);
  }

  @Update(':id')
  @ApiOperation({ summary: 'Change an address', description: `${ACCESS} Answers 200 with the address.` })
  @ApiWrappedBody('address', AddressParamsDto)
  @ApiOkResponse({ type: AddressJson })
  @ApiUnauthorized()
  @ApiNotFound()
  @ApiInvalid()
  update(@IdParam() id: number, @CurrentCaller() caller: Caller, @ResourceParams('address', AddressParamsDto) params: AddressParamsDto): Promise<AddressJson> {
    return this.access.update(id, caller, params);
  }
}
