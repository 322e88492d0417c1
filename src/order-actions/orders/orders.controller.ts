import { applyDecorators, Controller, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiResponse, ApiSecurity, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Request } from 'express';
import { AdminOnly } from '../../common/auth/admin.guard';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { OrderAccess, OrderToken } from '../../common/auth/order-access.guard';
import { Idempotent } from '../../common/http/idempotency/idempotency.interceptor';
import { UnauthorizedError } from '../../common/errors/api-errors';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiEmptyOk, ApiInvalid, ApiListResponse, ErrorResponse, InvalidResourceResponse } from '../../common/openapi/responses';
import { Update } from '../../common/http/update-route';
import { readOrderChanges } from '../../orders/order/dto/order-changes';
import { OrderBodyDto } from '../../orders/order/dto/order-params.dto';
import { OrderImportBodyDto } from '../../orders/order-import/dto/order-import.dto';
import { isOrderImport, readOrderImport } from '../../orders/order-import/order-import-params';
import { OrderImportActions } from './order-import.actions';
import { ORDER_BODY_EXAMPLES } from '../../orders/order/dto/request-examples';
import { OrderJson, OrderSummaryJson } from '../../orders/order/order.serializer';
import { StateChangeJson } from '../../orders/order/order-state-history';
import { ORDER_SEARCH, OrdersService } from '../../orders/order/orders.service';
import { OrderActions } from './order.actions';

/** The documentation of order creation, shared by POST /api/orders and POST /api/checkouts. */
export function ApiOrderCreation(summary: string) {
  return applyDecorators(
    ApiOperation({
      summary,
      description:
        'Anyone may create an order. With an API key it belongs to that user and takes their e-mail; without one, whoever holds its `token` owns it. ' +
        'Optional `order[line_items]`, `order[email]`, addresses; admins may also set `order[user_id]` and `order[channel]` and line item prices.',
    }),
    ApiBody({ type: OrderBodyDto, required: false, examples: ORDER_BODY_EXAMPLES }),
    ApiCreatedResponse({ type: OrderJson }),
    ApiInvalid(),
    ApiResponse({ status: 404, description: '`order[line_items][].id` names no line item of the order', type: ErrorResponse }),
  );
}

/** The orders' endpoints: reads and new orders (OrdersService), imports, and the order's own edits (OrderActions). */
@ApiTags('orders')
@ApiExtraModels(OrderBodyDto, OrderImportBodyDto)
@Controller('api/orders')
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly actions: OrderActions,
    private readonly imports: OrderImportActions,
  ) {}

  @Get()
  @AdminOnly()
  @ApiOperation({
    summary: 'List all orders (admin)',
    description:
      'Each order with its own attributes only (no line items, shipments or payments). Newest first unless sorted. ' +
      'A back office searches e.g. `q[number_cont]`, `q[email_cont]`, `q[state_eq]`, and completed_at ranges with ' +
      '`q[completed_at_gt]`, `_lt`, `_gteq`, `_lteq` (an ISO 8601 date or date-time, UTC when it has no offset; a time that cannot be read is ignored), ' +
      'sorted with `q[s]=completed_at desc` (orders never completed come last).',
  })
  @ApiListResponse('orders', OrderSummaryJson, { searchable: Object.keys(ORDER_SEARCH.attributes) })
  async index(@Query() query: Record<string, unknown>) {
    return listBody('orders', await this.orders.list(listParams(query)), (o) => o);
  }

  @Get('mine')
  @ApiSecurity('api-key')
  @ApiOperation({ summary: "The caller's own orders, newest first", description: 'Needs an API key (401 without one).' })
  @ApiListResponse('orders', OrderJson, { searchable: Object.keys(ORDER_SEARCH.attributes) })
  @ApiResponse({ status: 401, description: 'No API key', type: ErrorResponse })
  async mine(@CurrentCaller() caller: Caller, @Query() query: Record<string, unknown>) {
    if (caller.userId === null) throw new UnauthorizedError();
    return listBody('orders', await this.orders.mine(caller, listParams(query)), (o) => o);
  }

  @Post()
  @Idempotent()
  @ApiOperation({
    summary: 'Create an order (a cart), or import one (admin)',
    description:
      'Anyone may create an order (`OrderBodyDto`). With an API key it belongs to that user and takes their e-mail; without one, whoever holds its `token` owns it. ' +
      'Optional `order[line_items]`, `order[email]`, addresses; admins may also set `order[user_id]` and `order[channel]` and line item prices.\n\n' +
      "**Order import (admins)**, Spree 2.2's `Spree::Core::Importer::Order` (`OrderImportBodyDto`): an admin's body carrying `order[completed_at]`, " +
      '`shipments_attributes`, `payments_attributes`, `adjustments_attributes`, line items by `sku`, or an address whose `country` / `state` is given by name ' +
      'brings in an order another system took, in one transaction. With `completed_at` the order is complete: its stock is taken (shipments as sent, ' +
      'or as the checkout would propose them), its payments are as sent (`completed` ones pay), and its totals, `payment_state` and `shipment_state` are ' +
      'recomputed. Any bad part (an unknown sku, country, state, stock location, shipping method or payment method, a bad amount, stock the store cannot ' +
      'back-order) answers 422 naming its path (e.g. `line_items_attributes[1].sku`) and keeps nothing. For anyone else these keys are ignored: a cart.',
  })
  @ApiBody({ required: false, schema: { anyOf: [{ $ref: getSchemaPath(OrderBodyDto) }, { $ref: getSchemaPath(OrderImportBodyDto) }] }, examples: ORDER_BODY_EXAMPLES })
  @ApiCreatedResponse({ type: OrderJson })
  @ApiInvalid()
  @ApiResponse({ status: 404, description: '`order[line_items][].id` names no line item of the order', type: ErrorResponse })
  async create(@CurrentCaller() caller: Caller, @Req() req: Request): Promise<OrderJson> {
    if (caller.admin && isOrderImport(req)) return this.imports.import(caller, readOrderImport(req));
    return this.actions.create(caller, readOrderChanges(req, caller, { checkout: false }));
  }

  @Get(':number')
  @OrderAccess()
  @ApiOperation({ summary: 'Show an order', description: 'For an admin, the order’s user, or whoever sends its token.' })
  @ApiOkResponse({ type: OrderJson })
  async show(@Param('number') number: string, @CurrentCaller() caller: Caller, @OrderToken() token?: string): Promise<OrderJson> {
    return this.orders.show(number, caller, token);
  }

  @Update(':number')
  @OrderAccess()
  @ApiOperation({
    summary: 'Change an order',
    description:
      'Attributes, addresses and line items (`order[line_items]` entries with an `id` change that line item, others add one). Does not move the checkout on; ' +
      'changing an address or a line item after delivery sends the checkout back to the address step.',
  })
  @ApiBody({ type: OrderBodyDto, required: false })
  @ApiOkResponse({ type: OrderJson })
  @ApiResponse({ status: 422, description: 'Invalid resource', type: InvalidResourceResponse })
  async update(@Param('number') number: string, @CurrentCaller() caller: Caller, @Req() req: Request, @OrderToken() token?: string): Promise<OrderJson> {
    return this.actions.update(number, caller, token, readOrderChanges(req, caller, { checkout: false }));
  }

  @Put(':number/cancel')
  @OrderAccess()
  @ApiOperation({
    summary: 'Cancel a completed order',
    description: 'Only while none of its shipments has shipped. Stock is put back; through the gateway, authorized payments are voided and captured ones credited back. 422 otherwise.',
  })
  @ApiOkResponse({ type: OrderJson })
  @ApiInvalid()
  async cancel(@Param('number') number: string, @CurrentCaller() caller: Caller, @OrderToken() token?: string): Promise<OrderJson> {
    return this.actions.cancel(number, caller, token);
  }

  @Put(':number/resume')
  @AdminOnly()
  @ApiOperation({
    summary: 'Resume a canceled order (admin)',
    description:
      "Spree 2.2's back-office `resume`: a `canceled` order becomes `resumed` (a placed order again: its line items may be edited, it may be canceled again). " +
      'Its shipments are resumed and their stock taken again; an item that may not be back-ordered and lacks the units answers 422 naming the product and changes nothing. ' +
      'Payments voided or credited back by the cancel stay so: the order owes its total again (`payment_state` `balance_due`, shipments `pending`) until it is paid. ' +
      'Raises `order.resumed`. 422 for an order in any other state.',
  })
  @ApiOkResponse({ type: OrderJson })
  @ApiInvalid()
  @ApiResponse({ status: 404, description: 'No such order', type: ErrorResponse })
  async resume(@Param('number') number: string, @CurrentCaller() caller: Caller): Promise<OrderJson> {
    return this.actions.resume(number, caller, undefined);
  }

  @Get(':number/state_changes')
  @AdminOnly()
  @ApiOperation({
    summary: "An order's state history (admin)",
    description:
      "Spree 2.2's back-office state changes page: every move of the order's state and of its payments' and shipments' (`name`), with who made it, newest first. " +
      'Paginated with `page` and `per_page`; `q` is not read.',
  })
  @ApiListResponse('state_changes', StateChangeJson)
  @ApiResponse({ status: 404, description: 'No such order', type: ErrorResponse })
  async stateChanges(@Param('number') number: string, @Query() query: Record<string, unknown>) {
    return listBody('state_changes', await this.orders.stateChanges(number, listParams(query)), (c) => c);
  }

  @Put(':number/empty')
  @HttpCode(200)
  @OrderAccess()
  @ApiOperation({ summary: 'Remove every line item, shipment and adjustment from an order in checkout', description: 'Answers 200 with an empty body, as Spree does.' })
  @ApiEmptyOk('emptied')
  @ApiInvalid()
  async empty(@Param('number') number: string): Promise<void> {
    await this.actions.empty(number);
  }
}
