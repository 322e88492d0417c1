import { Controller, Delete, Param, Put } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiOperation, ApiQuery, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { OrderAccess } from '../../common/auth/order-access.guard';
import { Public } from '../../common/auth/public.decorator';
import { ErrorResponse, InvalidResourceResponse } from '../../common/openapi/responses';
import { FlatParams } from '../../common/params/resource-params';
import { ApplyCouponCodeDto } from '../../promotions/promotion/dto/promotion.dto';
import { CouponCodeResultJson } from '../../promotions/promotion/promotion.serializer';
import { CouponActions } from './coupon.actions';

/** PUT /api/orders/:number/apply_coupon_code (Spree's OrdersController#apply_coupon_code). */
@ApiTags('orders')
@ApiExtraModels(CouponCodeResultJson, InvalidResourceResponse)
@Controller('api/orders')
export class CouponCodesController {
  constructor(private readonly coupons: CouponActions) {}

  @Put(':number/apply_coupon_code')
  // As in Spree, the order token is enough even where the store requires an API key.
  @Public()
  @OrderAccess()
  @ApiOperation({
    summary: "Apply a coupon code to an order in checkout (admin, the order's user, or its token holder)",
    description:
      '`coupon_code` in the query or the body, in any case. On success the promotion’s discount is an adjustment on the order ' +
      '(`adjustments`, label "Promotion (<name>)") that follows the order’s item total until it completes. ' +
      'Refusals answer 422 with `successful: false` and Spree’s text in `error`, and change nothing.',
  })
  @ApiQuery({ name: 'coupon_code', required: false, schema: { type: 'string' }, description: 'The coupon code (or in the body)' })
  @ApiBody({ type: ApplyCouponCodeDto, required: false })
  @ApiOkResponse({ type: CouponCodeResultJson })
  @ApiResponse({
    status: 422,
    description: 'The code was refused (handler body), or `coupon_code` could not be read as a string (invalid resource)',
    schema: { oneOf: [{ $ref: getSchemaPath(CouponCodeResultJson) }, { $ref: getSchemaPath(InvalidResourceResponse) }] },
  })
  async apply(@Param('number') number: string, @FlatParams(ApplyCouponCodeDto) params: ApplyCouponCodeDto): Promise<CouponCodeResultJson> {
    return this.coupons.apply(number, params.coupon_code);
  }

  @Delete(':number/coupon_codes/:code')
  // As applying: the order token is enough.
  @Public()
  @OrderAccess()
  @ApiOperation({
    summary: "Remove a coupon code from an order in checkout (admin, the order's user, or its token holder)",
    description:
      'As Solidus’s `DELETE /api/orders/:order_id/coupon_codes/:id`: the discount of the code’s promotion (any case) leaves the order and its totals are recomputed. ' +
      'Answers the coupon handler’s body, as applying a code does. 404 when the code is not applied to this order; 422 once the order is complete. ' +
      'A shopper whose coupon was used up by another order before theirs completed (completion answers 422 naming it) removes it this way.',
  })
  @ApiOkResponse({ type: CouponCodeResultJson })
  @ApiResponse({ status: 404, description: 'No such order, or the code is not applied to it', type: ErrorResponse })
  @ApiResponse({ status: 422, description: 'The order is no longer in checkout', type: InvalidResourceResponse })
  async remove(@Param('number') number: string, @Param('code') code: string): Promise<CouponCodeResultJson> {
    return this.coupons.remove(number, code);
  }
}
