import { ApiProperty } from '@nestjs/swagger';
import { MAIL_KINDS } from '../delivery/mail-kinds';

export interface MailDeliveryRow {
  id: string;
  kind: string;
  state: string;
  recipient: string | null;
  subject: string | null;
  order_number: string | null;
  user_id: number | null;
  event_id: string | null;
  event_type: string | null;
  resent_from_id: string | null;
  attempts: number;
  error: string | null;
  response: string | null;
  next_attempt_at: Date | null;
  sent_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export class MailDeliveryJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ enum: MAIL_KINDS, example: 'order_confirmation' }) kind: string;
  @ApiProperty({ enum: ['pending', 'sent', 'failed'], description: 'pending: waiting for its (next) attempt; failed: given up after WEBHOOKS_MAX_ATTEMPTS, or nothing to send it to' })
  state: string;
  @ApiProperty({ type: String, nullable: true, example: 'shopper@example.com', description: 'Null until the mail is prepared (its order read)' }) recipient: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Shop: order confirmation R123456789', description: 'Null until the first attempt' }) subject: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'R123456789', description: 'The order the mail is about' }) order_number: string | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'The user the mail is about or to' }) user_id: number | null;
  @ApiProperty({ type: String, nullable: true, example: 'evt_5f2b1c0e9a7d4c3b2a1f0e9d', description: 'The event it tells of (null for account mails and resends, or once the event is pruned)' })
  event_id: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'order.completed' }) event_type: string | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'The mail this one sends again' }) resent_from_id: number | null;
  @ApiProperty({ type: 'integer' }) attempts: number;
  @ApiProperty({ type: String, nullable: true, description: 'Why the last attempt failed' }) error: string | null;
  @ApiProperty({ type: String, nullable: true, example: '250 2.0.0 OK', description: "The mail server's answer (or the file written)" }) response: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) next_attempt_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) sent_at: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, format: 'date-time' }) updated_at: string;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const id = (v: string | null) => (v === null ? null : Number(v));

export function serializeMailDelivery(row: MailDeliveryRow): MailDeliveryJson {
  return {
    id: Number(row.id),
    kind: row.kind,
    state: row.state,
    recipient: row.recipient,
    subject: row.subject,
    order_number: row.order_number,
    user_id: row.user_id,
    event_id: row.event_id,
    event_type: row.event_type,
    resent_from_id: id(row.resent_from_id),
    attempts: row.attempts,
    error: row.error,
    response: row.response,
    next_attempt_at: iso(row.next_attempt_at),
    sent_at: iso(row.sent_at),
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}
