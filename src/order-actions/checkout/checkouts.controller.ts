import { Controller, Get, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { OrderAccess, OrderToken } from '../../common/auth/order-access.guard';
import { Idempotent } from '../../common/http/idempotency/idempotency.interceptor';
import { CouldNotTransitionResponse } from '../../common/openapi/responses';
import { Update } from '../../common/http/update-route';
import { readOrderChanges } from '../../orders/order/dto/order-changes';
import { CheckoutBodyDto } from '../../orders/order/dto/order-params.dto';
import { CHECKOUT_STEP_EXAMPLES } from '../../orders/order/dto/request-examples';
import { OrderJson } from '../../orders/order/order.serializer';
import { ApiOrderCreation } from '../orders/orders.controller';
import { OrderActions } from '../orders/order.actions';
import { CheckoutActions, CheckoutAnswer } from './checkout.actions';

const TRANSITION_FAILED = {
  status: 422,
  description:
    'The order could not be transitioned (or a payment was declined: then `error` is the gateway message). Completion never charges more than the order showed: ' +
    'at confirm the order keeps its discounts as that step showed them, and should a coupon\'s promotion have expired, been deactivated or deleted, been used up by ' +
    'other orders or lessened since, completion is refused before anything is charged, naming the coupon in `errors.coupon_code` ' +
    '("The coupon code is expired: SPRING", "The coupon code is no longer available: SPRING", "Coupon code usage limit exceeded: SPRING", ' +
    '"The coupon code now gives a smaller discount than the order showed: SPRING"); the shopper removes it (DELETE /api/orders/{number}/coupon_codes/{code}) ' +
    'or goes back a step (`state=payment`), sees the new total, and completes. Completion is also refused when the order\'s payments add up to more than its ' +
    'total (`errors.payments`: a payment made before the total went down is changed first).',
  type: CouldNotTransitionResponse,
};

const AWAITING_CUSTOMER = {
  status: 202,
  description:
    'Completion waits for the shopper to authenticate the payment with their bank (3-D Secure, docs/payments.md): nothing failed and nothing completed. ' +
    'The order stays at `confirm` (no stock taken, nothing charged or held); its payment is `processing`, its `response_code` the PaymentIntent, and, in this ' +
    'answer only, carries `client_secret` and `next_action` for Stripe.js (`stripe.handleNextAction({ clientSecret })`). Once the shopper has authenticated, ' +
    'the storefront completes the order again (the same PUT): it completes once (or answers 202 again while the shopper has not acted, or 422 when ' +
    'authentication failed). A shopper who authenticates and never comes back does not leave a hold without an order: Stripe\'s webhook ' +
    '(`POST /api/payment_methods/{id}/webhooks`, `payment_intent.amount_capturable_updated` or `.succeeded`) completes the order the same way, once even when ' +
    'it races the storefront\'s call. A payment left `processing` longer than PAYMENT_AWAITING_CUSTOMER_TIMEOUT_SECONDS (an hour by default) is abandoned: ' +
    'its PaymentIntent canceled, the payment `failed`, the order back at `payment`.',
  type: OrderJson,
};

/** 202 for a completion waiting for the customer, 200 otherwise. */
function answered(res: Response, answer: CheckoutAnswer): OrderJson {
  if (answer.awaitingCustomer) res.status(202);
  return answer.order;
}

@ApiTags('checkouts')
@Controller('api/checkouts')
export class CheckoutsController {
  constructor(
    private readonly checkout: CheckoutActions,
    private readonly actions: OrderActions,
  ) {}

  @Post()
  @Idempotent()
  @ApiOrderCreation('Create an order (same as POST /api/orders)')
  async create(@CurrentCaller() caller: Caller, @Req() req: Request): Promise<OrderJson> {
    return this.actions.create(caller, readOrderChanges(req, caller, { checkout: false }));
  }

  @Get(':number')
  @ApiOperation({ summary: 'Moved: answers 301 to /api/orders/:number' })
  @ApiResponse({
    status: 301,
    description: 'Moved permanently to GET /api/orders/{number} (as in Spree 2.2); a client that follows redirects gets the order there',
    headers: { Location: { description: '/api/orders/{number}', schema: { type: 'string', example: '/api/orders/R123456789' } } },
  })
  show(@Param('number') number: string, @Res() res: Response): void {
    res.redirect(301, `/api/orders/${encodeURIComponent(number)}`);
  }

  @Put(':number/next')
  @Idempotent()
  @OrderAccess()
  @ApiOperation({
    summary: 'Move the order one checkout step on',
    description: 'cart → address → delivery → payment → confirm → complete (payment only when the total is above zero; confirm only when the payment method keeps card profiles).',
  })
  @ApiOkResponse({ type: OrderJson })
  @ApiResponse(AWAITING_CUSTOMER)
  @ApiResponse(TRANSITION_FAILED)
  async next(
    @Param('number') number: string,
    @CurrentCaller() caller: Caller,
    @Res({ passthrough: true }) res: Response,
    @OrderToken() token?: string,
  ): Promise<OrderJson> {
    return answered(res, await this.checkout.next(number, caller, token));
  }

  @Put(':number/advance')
  @Idempotent()
  @OrderAccess()
  @ApiOperation({ summary: 'Move the order on as far as it can go, short of completing it', description: 'Stops quietly at the first step that cannot be taken.' })
  @ApiOkResponse({ type: OrderJson })
  async advance(@Param('number') number: string, @CurrentCaller() caller: Caller, @OrderToken() token?: string): Promise<OrderJson> {
    return this.checkout.advance(number, caller, token);
  }

  @Update(':number')
  @Idempotent()
  @OrderAccess()
  @ApiOperation({
    summary: 'Send what the current checkout step needs, then move one step on',
    description:
      'Addresses (`order[bill_address_attributes]`, `order[ship_address_attributes]`), a shipping rate per shipment (`order[shipments_attributes]`), ' +
      'a payment (`order[payments_attributes]` as a list or, as in 2-2-stable, one object; card fields in `payment_source[<payment_method_id>]`, ' +
      'top-level or inside `order`, or in `source_attributes`; or `existing_card`). With nothing to send, it only moves on. ' +
      'A failed step answers 422 and leaves the order unchanged; a completed order is returned as it is.',
  })
  @ApiBody({ type: CheckoutBodyDto, required: false, examples: CHECKOUT_STEP_EXAMPLES })
  @ApiOkResponse({ type: OrderJson })
  @ApiResponse(AWAITING_CUSTOMER)
  @ApiResponse(TRANSITION_FAILED)
  async update(
    @Param('number') number: string,
    @CurrentCaller() caller: Caller,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @OrderToken() token?: string,
  ): Promise<OrderJson> {
    return answered(res, await this.checkout.update(number, caller, token, readOrderChanges(req, caller, { checkout: true })));
  }
}
