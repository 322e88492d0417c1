import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiUnauthorized } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { MailDeliveryJson, serializeMailDelivery } from './mail-delivery.serializer';
import { MAIL_DELIVERY_SEARCH, MailDeliveriesService } from './mail-deliveries.service';

@ApiTags('mail_deliveries')
@Controller('api/mail_deliveries')
export class MailDeliveriesController {
  constructor(private readonly deliveries: MailDeliveriesService) {}

  @Get()
  @AdminOnly()
  @ApiOperation({ summary: 'The mail log (admin)', description: 'Every mail the shop sent or is sending, newest first, with its state, attempts and last error.' })
  @ApiListResponse('mail_deliveries', MailDeliveryJson, { searchable: Object.keys(MAIL_DELIVERY_SEARCH.attributes) })
  @ApiUnauthorized()
  async index(@Query() query: Record<string, unknown>) {
    return listBody('mail_deliveries', await this.deliveries.list(listParams(query)), serializeMailDelivery);
  }

  @Get(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Show a mail of the log (admin)' })
  @ApiOkResponse({ type: MailDeliveryJson })
  @ApiNotFound()
  async show(@IdParam() id: number): Promise<MailDeliveryJson> {
    return serializeMailDelivery(await this.deliveries.find(id));
  }

  @Post(':id/resend')
  @HttpCode(202)
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({
    summary: 'Send a mail again (admin)',
    description:
      'A new mail with the same recipient and content (`resent_from_id` names the first). ' +
      'A mail carrying a one-time link (password reset, e-mail confirmation) is never sent again: 422, the customer asks for a new link.',
  })
  @ApiAcceptedResponse({ type: MailDeliveryJson })
  @ApiNotFound()
  @ApiInvalid()
  async resend(@IdParam() id: number): Promise<MailDeliveryJson> {
    return serializeMailDelivery(await this.deliveries.resend(id));
  }
}
