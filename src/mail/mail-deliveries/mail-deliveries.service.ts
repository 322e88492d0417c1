import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { InvalidResourceError, NotFoundError } from '../../common/errors/api-errors';
import { findPageRows, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { MailQueue } from '../delivery/mail-queue.service';
import { MailDeliveryRow } from './mail-delivery.serializer';

export const MAIL_DELIVERY_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'm.id', type: 'integer' },
    kind: { expression: 'm.kind', type: 'string' },
    state: { expression: 'm.state', type: 'string' },
    recipient: { expression: 'm.recipient', type: 'string' },
    order_number: { expression: 'o.number', type: 'string' },
    user_id: { expression: 'm.user_id', type: 'integer' },
    created_at: { expression: 'm.created_at', type: 'datetime' },
    sent_at: { expression: 'm.sent_at', type: 'datetime' },
  },
  defaultOrder: { 'm.id': 'DESC' },
};

const COLUMNS: Record<string, string> = {
  id: 'm.id',
  kind: 'm.kind',
  state: 'm.state',
  recipient: 'm.recipient',
  subject: 'm.subject',
  order_number: 'o.number',
  user_id: 'm.user_id',
  event_id: 'ev.public_id',
  event_type: 'ev.type',
  resent_from_id: 'm.resent_from_id',
  attempts: 'm.attempts',
  error: 'm.error',
  response: 'm.response',
  next_attempt_at: 'm.next_attempt_at',
  sent_at: 'm.sent_at',
  created_at: 'm.created_at',
  updated_at: 'm.updated_at',
};

/** The mail log (admin): every mail the shop sent or tries to, and a resend. */
@Injectable()
export class MailDeliveriesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: MailQueue,
  ) {}

  list(params: ListParams): Promise<Page<MailDeliveryRow>> {
    const qb = this.dataSource.createQueryBuilder().from('mail_deliveries', 'm').leftJoin('orders', 'o', 'o.id = m.order_id').leftJoin('events', 'ev', 'ev.id = m.event_id');
    return findPageRows(qb, MAIL_DELIVERY_SEARCH, params, COLUMNS);
  }

  async find(id: number, em: EntityManager = this.dataSource.manager): Promise<MailDeliveryRow> {
    const select = Object.entries(COLUMNS).map(([alias, expression]) => `${expression} AS ${alias}`).join(', ');
    const [row] = await em.query(
      `SELECT ${select} FROM mail_deliveries m LEFT JOIN orders o ON o.id = m.order_id LEFT JOIN events ev ON ev.id = m.event_id WHERE m.id = $1`,
      [id],
    );
    if (!row) throw new NotFoundError();
    return row;
  }

  /** Sends a mail again as a new mail (same recipient and content); not one carrying a one-time link. */
  async resend(id: number): Promise<MailDeliveryRow> {
    return this.dataSource.transaction(async (em) => {
      const made = await this.queue.resend(em, id);
      if (made === null) throw new NotFoundError();
      if (made === 'link') throw InvalidResourceError.field('kind', 'carries a one-time link and is never sent again: the customer asks for a new one');
      if (made === 'unprepared') throw InvalidResourceError.field('state', 'the mail was never prepared (nothing to send again)');
      return this.find(made, em);
    });
  }
}
