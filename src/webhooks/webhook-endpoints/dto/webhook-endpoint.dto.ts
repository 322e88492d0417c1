import { EVENT_TYPES } from '../../../common/events/events';
import { BooleanField, StringField, StringListField } from '../../../common/params/fields';

const EVENTS = 'The event types sent to the endpoint (docs/webhooks.md lists them).';

export class CreateWebhookEndpointDto {
  @StringField({ required: true, maxLength: 2048, example: 'https://erp.example.com/webhooks/shop', description: 'https; must not resolve to a loopback, private or link-local address (unless WEBHOOKS_ALLOW_PRIVATE_URLS).' })
  url: string;
  @StringListField({ required: true, maxLength: 64, enum: EVENT_TYPES, description: EVENTS, example: ['order.completed', 'order.canceled'] }) events: string[];
  @BooleanField({ description: 'Default true. Setting it true again re-enables an endpoint disabled for failing.' }) enabled?: boolean | null;
}

export class UpdateWebhookEndpointDto {
  @StringField({ maxLength: 2048, blank: 'refused', example: 'https://erp.example.com/webhooks/shop' }) url?: string;
  @StringListField({ maxLength: 64, blank: 'refused', enum: EVENT_TYPES, description: EVENTS, example: ['order.completed'] }) events?: string[];
  @BooleanField({ description: 'Setting it true re-enables an endpoint disabled for failing.' }) enabled?: boolean | null;
}
