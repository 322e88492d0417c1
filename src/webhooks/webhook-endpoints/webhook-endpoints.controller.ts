import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { Update } from '../../common/http/update-route';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiUnauthorized, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { CreateWebhookEndpointDto, UpdateWebhookEndpointDto } from './dto/webhook-endpoint.dto';
import {
  serializeDelivery,
  serializeWebhookEndpoint,
  WebhookDeliveryJson,
  WebhookEndpointJson,
  WebhookEndpointWithSecretJson,
} from './webhook-endpoint.serializer';
import { WEBHOOK_DELIVERY_SEARCH, WEBHOOK_ENDPOINT_SEARCH, WebhookEndpointsService } from './webhook-endpoints.service';

@ApiTags('webhook_endpoints')
@Controller('api/webhook_endpoints')
export class WebhookEndpointsController {
  constructor(private readonly endpoints: WebhookEndpointsService) {}

  @Get()
  @AdminOnly()
  @ApiOperation({ summary: 'List webhook endpoints (admin)' })
  @ApiListResponse('webhook_endpoints', WebhookEndpointJson, { searchable: Object.keys(WEBHOOK_ENDPOINT_SEARCH.attributes) })
  @ApiUnauthorized()
  async index(@Query() query: Record<string, unknown>) {
    return listBody('webhook_endpoints', await this.endpoints.list(listParams(query)), serializeWebhookEndpoint);
  }

  @Get(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Show a webhook endpoint (admin)', description: 'Its secret is never shown again.' })
  @ApiOkResponse({ type: WebhookEndpointJson })
  @ApiNotFound()
  async show(@IdParam() id: number): Promise<WebhookEndpointJson> {
    return serializeWebhookEndpoint(await this.endpoints.find(id));
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a webhook endpoint (admin)', description: 'The answer carries the signing `secret` (`whsec_…`): it is shown here only.' })
  @ApiWrappedBody('webhook_endpoint', CreateWebhookEndpointDto)
  @ApiCreatedResponse({ type: WebhookEndpointWithSecretJson })
  @ApiUnauthorized()
  @ApiInvalid()
  async create(@ResourceParams('webhook_endpoint', CreateWebhookEndpointDto) params: CreateWebhookEndpointDto): Promise<WebhookEndpointWithSecretJson> {
    const row = await this.endpoints.create(params);
    return { ...serializeWebhookEndpoint(row), secret: row.secret };
  }

  @Update(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Update a webhook endpoint (admin)', description: '`enabled: true` re-enables an endpoint disabled for failing.' })
  @ApiWrappedBody('webhook_endpoint', UpdateWebhookEndpointDto)
  @ApiOkResponse({ type: WebhookEndpointJson })
  @ApiNotFound()
  @ApiInvalid()
  async update(@IdParam() id: number, @ResourceParams('webhook_endpoint', UpdateWebhookEndpointDto) params: UpdateWebhookEndpointDto): Promise<WebhookEndpointJson> {
    return serializeWebhookEndpoint(await this.endpoints.update(id, params));
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Delete a webhook endpoint (admin)', description: 'With its deliveries.' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFound()
  async destroy(@IdParam() id: number): Promise<void> {
    await this.endpoints.remove(id);
  }

  @Post(':id/rotate')
  @HttpCode(200)
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: "Rotate a webhook endpoint's secret (admin)", description: 'The new `secret` is shown here only; the old one stops signing at once.' })
  @ApiOkResponse({ type: WebhookEndpointWithSecretJson })
  @ApiNotFound()
  async rotate(@IdParam() id: number): Promise<WebhookEndpointWithSecretJson> {
    const row = await this.endpoints.rotate(id);
    return { ...serializeWebhookEndpoint(row), secret: row.secret };
  }

  @Get(':id/deliveries')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: "List a webhook endpoint's deliveries (admin)", description: 'Newest first, each with its attempts.' })
  @ApiListResponse('deliveries', WebhookDeliveryJson, { searchable: Object.keys(WEBHOOK_DELIVERY_SEARCH.attributes) })
  @ApiNotFound()
  async deliveries(@IdParam() id: number, @Query() query: Record<string, unknown>) {
    return listBody('deliveries', await this.endpoints.deliveries(id, listParams(query)), serializeDelivery);
  }

  @Post(':id/deliveries/:delivery_id/redeliver')
  @HttpCode(202)
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: "Send a delivery's event again (admin)", description: 'A new delivery of the same event (same `webhook-id`).' })
  @ApiAcceptedResponse({ type: WebhookDeliveryJson })
  @ApiNotFound()
  @ApiInvalid()
  async redeliver(@IdParam() id: number, @IdParam('delivery_id') deliveryId: number): Promise<WebhookDeliveryJson> {
    return serializeDelivery(await this.endpoints.redeliver(id, deliveryId));
  }

  @Post(':id/ping')
  @HttpCode(202)
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Send a test `ping` event (admin)' })
  @ApiAcceptedResponse({ type: WebhookDeliveryJson })
  @ApiNotFound()
  @ApiInvalid()
  async ping(@IdParam() id: number): Promise<WebhookDeliveryJson> {
    return serializeDelivery(await this.endpoints.ping(id));
  }
}
