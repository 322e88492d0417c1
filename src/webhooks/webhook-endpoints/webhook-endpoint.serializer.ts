import { ApiProperty } from '@nestjs/swagger';
import { EVENT_TYPES } from '../../common/events/events';

export interface WebhookEndpointRow {
  id: number;
  url: string;
  events: string[];
  enabled: boolean;
  failing_since: Date | null;
  disabled_at: Date | null;
  disabled_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export class WebhookEndpointJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'https://erp.example.com/webhooks/shop' }) url: string;
  @ApiProperty({ type: [String], enum: EVENT_TYPES }) events: string[];
  @ApiProperty() enabled: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Since when its deliveries fail without a success.' }) failing_since: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) disabled_at: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why it was disabled (failing for too long).' }) disabled_reason: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, format: 'date-time' }) updated_at: string;
}

export class WebhookEndpointWithSecretJson extends WebhookEndpointJson {
  @ApiProperty({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', description: 'The signing secret, shown in this answer only.' }) secret: string;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function serializeWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpointJson {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    failing_since: iso(row.failing_since),
    disabled_at: iso(row.disabled_at),
    disabled_reason: row.disabled_reason,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

export interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  state: string;
  attempts: number;
  response_code: number | null;
  duration_ms: number | null;
  error: string | null;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
  attempt_list: Array<{ attempt: number; succeeded: boolean; response_code: number | null; duration_ms: number; error: string | null; next_attempt_at: string | null; created_at: string }> | null;
}

export class DeliveryAttemptJson {
  @ApiProperty({ type: 'integer' }) attempt: number;
  @ApiProperty() succeeded: boolean;
  @ApiProperty({ type: 'integer', nullable: true }) response_code: number | null;
  @ApiProperty({ type: 'integer' }) duration_ms: number;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the next attempt was scheduled, if any.' }) next_attempt_at: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) attempted_at: string;
}

export class WebhookDeliveryJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'evt_5f2b1c0e9a7d4c3b2a1f0e9d', description: 'The event, sent as `webhook-id` (the same on every attempt and redelivery).' }) event_id: string;
  @ApiProperty({ example: 'order.completed' }) event_type: string;
  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'] }) state: string;
  @ApiProperty({ type: 'integer' }) attempts: number;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Of the last attempt.' }) response_code: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Of the last attempt, in milliseconds.' }) duration_ms: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Of the last attempt.' }) error: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) next_attempt_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) delivered_at: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) created_at: string;
  @ApiProperty({ type: [DeliveryAttemptJson] }) attempt_log: DeliveryAttemptJson[];
}

export function serializeDelivery(row: DeliveryRow): WebhookDeliveryJson {
  return {
    id: Number(row.id),
    event_id: row.event_id,
    event_type: row.event_type,
    state: row.state,
    attempts: row.attempts,
    response_code: row.response_code,
    duration_ms: row.duration_ms,
    error: row.error,
    next_attempt_at: iso(row.next_attempt_at),
    delivered_at: iso(row.delivered_at),
    created_at: iso(row.created_at)!,
    attempt_log: (row.attempt_list ?? []).map((a) => ({
      attempt: a.attempt,
      succeeded: a.succeeded,
      response_code: a.response_code,
      duration_ms: a.duration_ms,
      error: a.error,
      next_attempt_at: a.next_attempt_at ? new Date(a.next_attempt_at).toISOString() : null,
      attempted_at: new Date(a.created_at).toISOString(),
    })),
  };
}
