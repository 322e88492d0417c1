import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOkResponse, ApiOperation, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ErrorResponse } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ProviderWebhookActions } from './provider-webhooks.actions';

/**
 * The route of the payment providers' webhooks, as the body parsers match it to keep its raw bytes (the signature is
 * over them): `POST /api/payment_methods/<id>/webhooks` (a `.json` suffix is stripped before).
 */
export const PROVIDER_WEBHOOK_ROUTE = /^\/api\/payment_methods\/[^/]+\/webhooks\/?$/;

export class ProviderEventOutcomeJson {
  @ApiProperty({ example: 'evt_3Nx1' }) id: string;
  @ApiProperty({ example: 'payment_intent.succeeded' }) type: string;
  @ApiProperty({ description: 'The event was handled before (a retry, a replay, or a delivery racing this one): nothing was done this time.' }) replayed: boolean;
  @ApiProperty({ description: 'What handling it did, in words (also kept in `payment_provider_events`).', example: 'order R123456789 completed' }) outcome: string;
}

export class ProviderWebhookAnswer {
  @ApiProperty({ type: [ProviderEventOutcomeJson], description: 'The events of the notification the service acts on (none for other types, which are acknowledged and ignored).' })
  events: ProviderEventOutcomeJson[];
}

@ApiTags('payment_methods')
@Controller('api/payment_methods')
export class ProviderWebhooksController {
  constructor(private readonly webhooks: ProviderWebhookActions) {}

  @Post(':id/webhooks')
  @HttpCode(200)
  @ApiOperation({
    summary: "The payment provider's webhook endpoint (Stripe: set this URL in the Dashboard)",
    description:
      "Where Stripe sends its events for this payment method (`Spree::Gateway::StripeGateway`): the endpoint's URL is `https://<shop>/api/payment_methods/<id>/webhooks`, " +
      'its signing secret (`whsec_…`) the method\'s `preferred_webhook_signing_secret`. No API key: the `Stripe-Signature` header is checked over the raw body ' +
      "with that secret (the SDK's `stripe.webhooks.constructEvent`; a timestamp more than 5 minutes old is refused too): a missing or forged signature is a 400 and " +
      'nothing changes. Each event is handled once, by its id: a replay answers 200 and does nothing. ' +
      '`payment_intent.amount_capturable_updated` / `payment_intent.succeeded`: an order whose payment is `processing` (the shopper authenticated 3-D Secure and ' +
      'never came back) is completed, as the storefront\'s completion would (if both arrive at once, the order completes once); an order that cannot complete any ' +
      'more (stock gone) has its payment failed and the hold released. `payment_intent.payment_failed` / `payment_intent.canceled`: a `processing` payment fails, ' +
      'the order goes back to the payment step. `charge.refunded`: a refund made in the Stripe Dashboard is recorded as a credit (`payment.credited`); our own ' +
      'refunds are not counted twice. `charge.dispute.created`: `payment.disputed` is raised to the shop\'s webhook endpoints. Other event types are acknowledged (200) and ignored. ' +
      'See docs/payments.md.',
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true, description: "Stripe's signature of the body (`t=…,v1=…`)" })
  @ApiBody({ description: 'A Stripe event, as Stripe sends it (read as raw bytes, whatever its media type)', schema: { type: 'object', additionalProperties: true } })
  @ApiOkResponse({ type: ProviderWebhookAnswer, description: 'Received (handled now, or before)' })
  @ApiResponse({ status: 400, description: 'The Stripe-Signature is missing or does not hold (or the method has no webhook signing secret): nothing was done', type: ErrorResponse, example: { error: 'The Stripe-Signature does not hold: No signatures found matching the expected signature for payload' } })
  @ApiResponse({ status: 404, description: 'No such payment method, or its type takes no webhooks', type: ErrorResponse, example: { error: 'The resource you were looking for could not be found.' } })
  @ApiResponse({ status: 422, description: 'The provider refused what the event needed done (e.g. canceling an attempt it had captured): nothing was kept; Stripe sends it again', type: ErrorResponse, example: { error: 'The PaymentIntent is succeeded' } })
  @ApiResponse({ status: 503, description: 'Stripe did not answer a call the event needed: nothing was kept; Stripe sends it again', type: ErrorResponse, example: { error: 'The payment gateway did not answer (StripeConnectionError); try again later' } })
  async receive(@IdParam() id: number, @Req() req: Request): Promise<ProviderWebhookAnswer> {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    return { events: await this.webhooks.receive(id, body, req.headers) };
  }
}
