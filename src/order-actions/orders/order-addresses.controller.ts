import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { OrderAccess } from '../../common/auth/order-access.guard';
import { ApiInvalid, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { AddressJson } from '../../geography/addresses/address.serializer';
import { AddressParamsDto } from '../../geography/addresses/dto/address-params.dto';
import { OrdersService } from '../../orders/order/orders.service';
import { OrderActions } from './order.actions';

/** An order's bill or ship address, for whoever may change the order. */
@ApiTags('addresses')
@Controller(['api/orders/:number/addresses', 'api/checkouts/:number/addresses'])
@OrderAccess()
export class OrderAddressesController {
  constructor(
    private readonly orders: OrdersService,
    private readonly actions: OrderActions,
  ) {}

  @Get(':id')
  @ApiOperation({ summary: "Show the order's bill or ship address", description: "401 when the address is not this order's." })
  @ApiOkResponse({ type: AddressJson })
  show(@Param('number') number: string, @IdParam() id: number): Promise<AddressJson> {
    return this.orders.showAddress(number, id);
  }

  @Update(':id')
  @ApiOperation({
    summary: "Change the order's bill or ship address",
    description: 'While the order is in checkout (admins: any time). After delivery, the checkout goes back to the address step; taxes are recomputed.',
  })
  @ApiWrappedBody('address', AddressParamsDto)
  @ApiOkResponse({ type: AddressJson })
  @ApiInvalid()
  update(@Param('number') number: string, @IdParam() id: number, @CurrentCaller() caller: Caller, @ResourceParams('address', AddressParamsDto) params: AddressParamsDto): Promise<AddressJson> {
    return this.actions.updateAddress(number, id, caller, params);
  }
}
