import { applyDecorators, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { OrderAccess } from '../../common/auth/order-access.guard';
import { Idempotent } from '../../common/http/idempotency/idempotency.interceptor';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiListResponse, ApiNotFound, ApiUnauthorized, ApiWrappedBody, ErrorResponse } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { FlatParams, ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { CreatePaymentDto, CapturePaymentDto, CreditPaymentDto, UpdatePaymentDto } from '../../payments/payment/dto/payment.dto';
import { NewPaymentJson, PaymentErrorResponse, PaymentJson } from '../../payments/payment/payment.serializer';
import { PaymentApiAction, PaymentsApiService } from '../../payments/payment/payments-api.service';
import { PAYMENT_SEARCH } from '../../payments/payment/payments.service';
import { PaymentActions } from './payment.actions';

const GATEWAY_422 = 'The gateway refused (`error`: "There was a problem with the payment gateway: <its message>"), or the payment is not in a state the action applies to (invalid resource naming `state`).';

/** An action on a payment: admins only (the order's owner gets 401, as in Spree). */
function PaymentAction(summary: string, description: string, unprocessable = GATEWAY_422) {
  return applyDecorators(
    ApiOperation({ summary, description }),
    ApiOkResponse({ type: PaymentJson, description: 'The payment as it now is' }),
    ApiResponse({ status: 422, description: unprocessable, type: PaymentErrorResponse }),
    ApiNotFound(),
    AdminOnly(),
    // After AdminOnly (applyDecorators applies in order), so the 401 keeps its body schema.
    ApiUnauthorized(),
  );
}

/**
 * Payments of an order (Spree's Api::PaymentsController). Whoever may see the
 * order (admin, its user, its token holder) may list its payments, learn how
 * to make one, make one and see one; changing a payment or moving money
 * (authorize, capture, purchase, void, credit) is for admins.
 */
@ApiTags('payments')
@Controller(['api/orders/:number/payments', 'api/checkouts/:number/payments'])
@OrderAccess()
export class PaymentsController {
  constructor(
    private readonly payments: PaymentsApiService,
    private readonly actions: PaymentActions,
  ) {}

  @Get()
  @ApiOperation({ summary: "List an order's payments" })
  @ApiListResponse('payments', PaymentJson, { searchable: Object.keys(PAYMENT_SEARCH.attributes) })
  async index(@Param('number') number: string, @Query() query: Record<string, unknown>) {
    return listBody('payments', await this.payments.list(number, listParams(query)), (p) => p);
  }

  @Get('new')
  @ApiOperation({
    summary: 'The attributes of a payment and the methods that may pay',
    description: "Admins see the back-office's payment methods, everyone else the storefront's.",
  })
  @ApiOkResponse({ type: NewPaymentJson })
  describe(@CurrentCaller() caller: Caller): Promise<NewPaymentJson> {
    return this.payments.describe(caller);
  }

  @Post()
  @Idempotent()
  @ApiOperation({
    summary: 'Add a payment to an order',
    description:
      'The payment starts in state `checkout`; the order’s other payments in checkout become `invalid`, except, for an admin’s payment of a given amount, the other ' +
      'payments of a given amount (split payments: each part keeps its amount; capture, void and credit each on its own). A card payment method needs `payment[source_attributes]` ' +
      '(the card is checked and kept at the gateway; only its last digits, month, year, name and type are stored). 422 names the field: `payment_method_id`, ' +
      '`amount`, or `source_attributes` for the card; a card the gateway declines is a 422 with the gateway’s message. ' +
      'The order’s open payments (checkout, pending, completed, less credits) may not add up to more than its total: a payment beyond what is left to pay ' +
      '(a back-office’s double submit, a part typed twice) is a 422 on `amount` saying what is left, unless an admin records an overpayment with ' +
      '`payment[allow_overpayment]=true`. Payments made at once for one order are counted one after the other (the order’s row lock).',
  })
  @ApiWrappedBody('payment', CreatePaymentDto)
  @ApiCreatedResponse({ type: PaymentJson })
  @ApiResponse({ status: 422, description: 'Invalid resource (an amount beyond what the order leaves to pay among them), or the gateway declined the card', type: PaymentErrorResponse })
  @ApiResponse({ status: 400, description: '`payment` is not an object', type: ErrorResponse })
  create(@Param('number') number: string, @CurrentCaller() caller: Caller, @ResourceParams('payment', CreatePaymentDto) params: CreatePaymentDto): Promise<PaymentJson> {
    return this.actions.create(number, caller, params);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Show a payment of the order' })
  @ApiOkResponse({ type: PaymentJson })
  @ApiNotFound()
  show(@Param('number') number: string, @IdParam() id: number): Promise<PaymentJson> {
    return this.payments.show(number, id);
  }

  @Update(':id')
  @Idempotent()
  @PaymentAction(
    'Change a payment (admin)',
    'Its amount or method, only while the payment is in state `checkout` or `pending`; otherwise 403 `{"error":"This payment cannot be updated because it is <state>."}`. ' +
      'A higher amount may not bring the order’s open payments past its total (422 on `amount`) unless `payment[allow_overpayment]=true`; a lower one is always taken.',
    'Invalid resource: the amount is not a number above 0 with at most the order currency’s decimal places, or beyond what the order leaves to pay, or the method is not available or does not take this payment’s source.',
  )
  @ApiWrappedBody('payment', UpdatePaymentDto)
  @ApiResponse({ status: 403, description: 'The payment is neither in checkout nor pending', type: ErrorResponse })
  @ApiResponse({ status: 400, description: '`payment` is not an object', type: ErrorResponse })
  update(
    @Param('number') number: string,
    @IdParam() id: number,
    @CurrentCaller() caller: Caller,
    @ResourceParams('payment', UpdatePaymentDto) params: UpdatePaymentDto,
  ): Promise<PaymentJson> {
    return this.actions.update(number, id, caller, params);
  }

  @Put(':id/authorize')
  @Idempotent()
  @PaymentAction('Authorize a payment (admin)', 'Holds the amount on the card: from `checkout` to `pending`. A check just becomes pending.')
  authorize(@Param('number') number: string, @IdParam() id: number): Promise<PaymentJson> {
    return this.act(number, id, 'authorize');
  }

  @Put(':id/capture')
  @Idempotent()
  @PaymentAction(
    'Capture a payment (admin)',
    'Takes the authorized amount, or part of it (`amount`, top level: the payment’s amount becomes what was captured, the rest of the authorization is released): ' +
      'from `checkout` or `pending` to `completed` (a completed payment is answered as it is). The order’s payment state follows (`paid` once paid in full) and its shipments become `ready`.',
    'The gateway refused, the payment cannot be captured, or the amount is not a number above 0 with at most the order currency’s decimal places or is more than the payment’s amount (invalid resource).',
  )
  @ApiBody({ type: CapturePaymentDto, required: false })
  capture(@Param('number') number: string, @IdParam() id: number, @FlatParams(CapturePaymentDto) params: CapturePaymentDto): Promise<PaymentJson> {
    return this.act(number, id, 'capture', params.amount);
  }

  @Put(':id/purchase')
  @Idempotent()
  @PaymentAction('Purchase a payment (admin)', 'Authorizes and captures at once: from `checkout` to `completed`.')
  purchase(@Param('number') number: string, @IdParam() id: number): Promise<PaymentJson> {
    return this.act(number, id, 'purchase');
  }

  @Put(':id/void')
  @Idempotent()
  @PaymentAction(
    'Void a payment (admin)',
    'Cancels the authorization or the charge: from `checkout`, `pending` or `completed` to `void` (a void payment is answered as it is). ' +
      'A payment that was credited, in part or in full, is never voided (422 naming `state`: "cannot void a payment that has been credited (credit what is left of it instead)"), ' +
      'before the gateway is asked: its money would be given back twice. Nor is a credit. A captured payment is voided only if the gateway still can (a refusal is a 422 and nothing changes).',
  )
  void(@Param('number') number: string, @IdParam() id: number): Promise<PaymentJson> {
    return this.act(number, id, 'void');
  }

  @Put(':id/credit')
  @Idempotent()
  @PaymentAction(
    'Credit a completed payment (admin)',
    'Gives money back: a new completed payment of the negative amount whose source is this payment (`source_type` `Spree::Payment`); this payment stays completed and is answered. ' +
      "`amount` (top level) defaults to what the order owes the customer, at most the payment's credit_allowed (its amount less earlier credits). A credit itself is not credited.",
    'More than the payment can give back (`{"error":"This payment can only be credited up to <limit>. Please specify an amount less than or equal to this number."}`), ' +
      'the gateway refused, the payment is not completed, or the amount is not a number above 0 with at most the order currency’s decimal places (invalid resource).',
  )
  @ApiBody({ type: CreditPaymentDto, required: false })
  credit(@Param('number') number: string, @IdParam() id: number, @FlatParams(CreditPaymentDto) params: CreditPaymentDto): Promise<PaymentJson> {
    return this.act(number, id, 'credit', params.amount);
  }

  private act(number: string, id: number, action: PaymentApiAction, amount?: string | null): Promise<PaymentJson> {
    return this.actions.act(number, id, action, amount);
  }
}
