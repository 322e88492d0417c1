import type { EventType } from '../../common/events/events';

/** Every mail the shop sends: one template each (templates/default-templates.ts). */
export const MAIL_KINDS = [
  'order_confirmation',
  'shipment_shipped',
  'refund_issued',
  'return_authorized',
  'return_received',
  'password_reset',
  'email_confirmation',
  'email_change_notice',
  'email_verification',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** The outbox's events that are mailed to the customer, and as what (one mail per event). */
export const MAIL_OF_EVENT: Partial<Record<EventType, MailKind>> = {
  'order.completed': 'order_confirmation',
  'shipment.shipped': 'shipment_shipped',
  'payment.credited': 'refund_issued',
  'return_authorization.authorized': 'return_authorized',
  'return_authorization.received': 'return_received',
};

/** Mails carrying a one-time link: their token is sealed until sent, and they are never resent (the customer asks again). */
export const LINK_MAILS: ReadonlySet<MailKind> = new Set(['password_reset', 'email_confirmation', 'email_verification']);

/** Mails asked for by e-mail address (AccountMail.request): the queue issues the token, or drops the request when nobody has the address. */
export const REQUESTED_MAILS: ReadonlySet<MailKind> = new Set(['password_reset', 'email_verification']);
