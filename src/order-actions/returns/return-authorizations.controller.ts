import { Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiWrappedBody, ErrorResponse } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { FlatParams, ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { AddReturnUnitsDto, ReturnAuthorizationParamsDto } from '../../fulfilment/return-authorizations/dto/return-authorization.dto';
import {
  RETURN_AUTHORIZATION_DESCRIPTION,
  ReturnAuthorizationDescriptionJson,
  ReturnAuthorizationJson,
  serializeReturnAuthorization,
} from '../../fulfilment/return-authorizations/return-authorization.serializer';
import { RETURN_AUTHORIZATION_SEARCH, ReturnAuthorizationsService } from '../../fulfilment/return-authorizations/return-authorizations.service';
import { ReturnAuthorizationActions } from './return-authorization.actions';

const OrderNumber = () => ApiParam({ name: 'number', description: 'The order number', schema: { type: 'string', example: 'R123456789' } });
/** Routes Spree denies outright to non-admins (index, new, create). */
const ApiNotAdmin = () => ApiResponse({ status: 401, description: 'The caller is not an admin', type: ErrorResponse });
const ApiNoOrder = () => ApiResponse({ status: 404, description: 'No such order', type: ErrorResponse });
/** Routes on one return authorization: non-admins are told it is not there. */
const ApiNotFoundOrNotAdmin = () => ApiResponse({ status: 404, description: 'No such order or return authorization, or the caller is not an admin', type: ErrorResponse });

/**
 * Return authorizations of an order, admin only (contract §3): non-admins get
 * 401 on index, new and create (Spree denies the action itself) and 404 on
 * the rest (Spree looks the record up through the caller's permissions).
 * `@AdminOnly` sits last on each route: applied first, so the typed error
 * responses above it win in the OpenAPI document.
 */
@ApiTags('return authorizations')
@Controller(['api/orders/:number/return_authorizations', 'api/checkouts/:number/return_authorizations'])
export class ReturnAuthorizationsController {
  constructor(
    private readonly returns: ReturnAuthorizationsService,
    private readonly actions: ReturnAuthorizationActions,
  ) {}

  @Get()
  @ApiNotAdmin()
  @OrderNumber()
  @ApiOperation({ summary: "List an order's return authorizations (admin)" })
  @ApiListResponse('return_authorizations', ReturnAuthorizationJson, { searchable: Object.keys(RETURN_AUTHORIZATION_SEARCH.attributes) })
  @ApiNoOrder()
  @AdminOnly()
  async index(@Param('number') number: string, @Query() query: Record<string, unknown>) {
    return listBody('return_authorizations', await this.returns.list(number, listParams(query)), serializeReturnAuthorization);
  }

  @Get('new')
  @ApiNotAdmin()
  @OrderNumber()
  @ApiOperation({ summary: 'Describe the attributes of a return authorization (admin)' })
  @ApiOkResponse({ type: ReturnAuthorizationDescriptionJson })
  @AdminOnly()
  describe(): ReturnAuthorizationDescriptionJson {
    return RETURN_AUTHORIZATION_DESCRIPTION;
  }

  @Get(':id')
  @OrderNumber()
  @ApiOperation({ summary: 'Show a return authorization of an order (admin)' })
  @ApiOkResponse({ type: ReturnAuthorizationJson })
  @ApiNotFoundOrNotAdmin()
  @AdminOnly({ denial: 'not_found' })
  async show(@Param('number') number: string, @IdParam() id: number): Promise<ReturnAuthorizationJson> {
    return serializeReturnAuthorization(await this.returns.show(number, id));
  }

  @Post()
  @ApiNotAdmin()
  @OrderNumber()
  @ApiOperation({
    summary: 'Authorize a return on an order (admin)',
    description:
      'The order must have shipped units (422 `order: has no shipped units`). The amount is made positive and may not exceed what was paid on the order ' +
      'less the amounts of its other return authorizations that are not canceled (422 naming `amount`). Starts `authorized`, with a generated RMA number unless one is given.',
  })
  @ApiWrappedBody('return_authorization', ReturnAuthorizationParamsDto, { required: false })
  @ApiCreatedResponse({ type: ReturnAuthorizationJson })
  @ApiNoOrder()
  @ApiInvalid()
  @AdminOnly()
  async create(
    @Param('number') number: string,
    @ResourceParams('return_authorization', ReturnAuthorizationParamsDto) params: ReturnAuthorizationParamsDto,
  ): Promise<ReturnAuthorizationJson> {
    return serializeReturnAuthorization(await this.actions.create(number, params));
  }

  @Update(':id')
  @OrderNumber()
  @ApiOperation({
    summary: 'Change a return authorization (admin)',
    description: 'Only while `authorized` (422 otherwise). The same rules as on create apply to what is sent.',
  })
  @ApiWrappedBody('return_authorization', ReturnAuthorizationParamsDto, { required: false })
  @ApiOkResponse({ type: ReturnAuthorizationJson })
  @ApiNotFoundOrNotAdmin()
  @ApiInvalid()
  @AdminOnly({ denial: 'not_found' })
  async update(
    @Param('number') number: string,
    @IdParam() id: number,
    @ResourceParams('return_authorization', ReturnAuthorizationParamsDto) params: ReturnAuthorizationParamsDto,
  ): Promise<ReturnAuthorizationJson> {
    return serializeReturnAuthorization(await this.actions.update(number, id, params));
  }

  @Delete(':id')
  @HttpCode(204)
  @OrderNumber()
  @ApiOperation({ summary: 'Delete a return authorization (admin)', description: 'Only while `authorized` (422 otherwise); its units are released.' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFoundOrNotAdmin()
  @ApiInvalid()
  @AdminOnly({ denial: 'not_found' })
  async destroy(@Param('number') number: string, @IdParam() id: number): Promise<void> {
    await this.actions.remove(number, id);
  }

  @Put(':id/add')
  @OrderNumber()
  @ApiOperation({
    summary: 'Set how many shipped units of a variant the return authorization holds (admin)',
    description:
      "Attaches shipped units of the order's variant that no other return authorization holds, or detaches the surplus when `quantity` is lower than what it holds. " +
      'The first units move the order to `awaiting_return`. Only while `authorized`; 422 when the variant has no shipped units on the order or too few are free.',
  })
  @ApiBody({ type: AddReturnUnitsDto })
  @ApiOkResponse({ type: ReturnAuthorizationJson })
  @ApiNotFoundOrNotAdmin()
  @ApiInvalid()
  @AdminOnly({ denial: 'not_found' })
  async add(
    @Param('number') number: string,
    @IdParam() id: number,
    @FlatParams(AddReturnUnitsDto) params: AddReturnUnitsDto,
    @CurrentCaller() caller: Caller,
  ): Promise<ReturnAuthorizationJson> {
    return serializeReturnAuthorization(await this.actions.addUnits(number, id, params, caller));
  }

  @Put(':id/receive')
  @OrderNumber()
  @ApiOperation({
    summary: 'Receive the returned goods (admin)',
    description:
      'authorized → received, only with units on it (422 `state` otherwise). Each unit becomes `returned` and goes back to stock (at the stock location of the ' +
      'authorization, else where it shipped from) with a stock movement; the order gets an `RMA Credit` adjustment of −amount and its totals and payment state are ' +
      'recomputed; it becomes `returned` once no other return authorization of it is awaited.',
  })
  @ApiOkResponse({ type: ReturnAuthorizationJson })
  @ApiNotFoundOrNotAdmin()
  @ApiInvalid()
  @AdminOnly({ denial: 'not_found' })
  async receive(@Param('number') number: string, @IdParam() id: number, @CurrentCaller() caller: Caller): Promise<ReturnAuthorizationJson> {
    return serializeReturnAuthorization(await this.actions.receive(number, id, caller));
  }

  @Put(':id/cancel')
  @OrderNumber()
  @ApiOperation({ summary: 'Cancel a return authorization (admin)', description: 'authorized → canceled (422 `state` from any other state).' })
  @ApiOkResponse({ type: ReturnAuthorizationJson })
  @ApiNotFoundOrNotAdmin()
  @ApiInvalid()
  @AdminOnly({ denial: 'not_found' })
  async cancel(@Param('number') number: string, @IdParam() id: number): Promise<ReturnAuthorizationJson> {
    return serializeReturnAuthorization(await this.actions.cancel(number, id));
  }
}
