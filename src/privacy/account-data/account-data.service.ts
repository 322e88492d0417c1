import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AddressBookService } from '../../accounts/address-book/address-book.service';
import { UsersService } from '../../accounts/users/users.service';
import { serializeUser } from '../../accounts/users/user.serializer';
import { Caller } from '../../common/auth/caller';
import { InvalidResourceError } from '../../common/errors/api-errors';
import { eraseEventData } from '../../common/events/events';
import { SecretBox } from '../../config/secret-box';
import { PUBLIC_VIEW } from '../../catalog/variants/variant.serializer';
import { AddressesService } from '../../geography/addresses/addresses.service';
import { forgetMailsOf } from '../../mail/delivery/forget-mails';
import { anonymiseOrdersOfUser, ordersInProgressOf } from '../../orders/order/order-anonymisation';
import { renderOrders } from '../../orders/order/order-view';
import { anonymiseCardsOfUser } from '../../payments/payment/card-anonymisation';
import { CreditCard } from '../../payments/payment/entities/credit-card.entity';
import { serializeCreditCard } from '../../payments/payment/payment.serializer';
import { PaymentsService } from '../../payments/payment/payments.service';
import { AccountExportJson } from './account-export.serializer';

/**
 * A user's data (docs/accounts.md, Privacy): exported as JSON, and the
 * account deleted with what refers to it anonymised, each table through its
 * owner. Orders are kept for the books (numbers, states, totals, items,
 * payments) and lose the person (user, e-mail, names, streets, phones).
 */
@Injectable()
export class AccountDataService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly book: AddressBookService,
    private readonly addresses: AddressesService,
    private readonly payments: PaymentsService,
    private readonly box: SecretBox,
  ) {}

  /** GET /api/users/:id/export: the user, the address book, every order (as its owner sees it, without the token), saved cards, mails. */
  async export(caller: Caller, userId: number): Promise<AccountExportJson> {
    return this.dataSource.transaction('REPEATABLE READ', async (em) => {
      const user = await this.users.findVisible(caller, userId, em);
      const addresses = await this.book.all(em, user);
      const orderIds: Array<{ id: number }> = await em.query(`SELECT id FROM orders WHERE user_id = $1 ORDER BY created_at, id`, [user.id]);
      const orders = await renderOrders(em, { ids: orderIds.map((o) => o.id) }, { canUpdate: () => true, paymentMethods: () => this.payments.availableMethods(em), box: this.box, variantView: PUBLIC_VIEW });
      const cards = await em.find(CreditCard, { where: { userId: user.id }, order: { id: 'ASC' } });
      const mails: Array<{ kind: string; subject: string | null; recipient: string | null; state: string; sent_at: Date | null; created_at: Date }> = await em.query(
        `SELECT kind, subject, recipient, state, sent_at, created_at FROM mail_deliveries
          WHERE user_id = $1 OR order_id = ANY ($2::int[]) ORDER BY id`,
        [user.id, orderIds.map((o) => o.id)],
      );
      return {
        exported_at: new Date().toISOString(),
        user: serializeUser(user),
        addresses,
        orders: orders.map(({ token: _token, ...order }) => order),
        credit_cards: cards.map(serializeCreditCard),
        mails: mails.map((m) => ({ ...m, sent_at: m.sent_at ? new Date(m.sent_at).toISOString() : null, created_at: new Date(m.created_at).toISOString() })),
      };
    });
  }

  /**
   * DELETE /api/users/:id. Refused (422 on `base`) while a placed order is
   * still under way (not yet shipped in full, or waiting for a return): the
   * shop still needs to reach this person for it; cancel it or wait. Then, in
   * one transaction: the orders (carts too) anonymised with their addresses,
   * the address book deleted (or anonymised where an order uses it), saved
   * cards stripped of the name, the mail log and the outbox's copies
   * forgotten, and the user deleted with every API key.
   */
  async delete(caller: Caller, userId: number): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const user = await this.users.findVisible(caller, userId, em);
      await em.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [user.id]);
      // Orders change under their own row lock: lock them so none completes meanwhile.
      await em.query(`SELECT id FROM orders WHERE user_id = $1 ORDER BY id FOR UPDATE`, [user.id]);
      const inProgress = await ordersInProgressOf(em, user.id);
      if (inProgress.length > 0) {
        throw InvalidResourceError.field('base', `Cannot delete a user with orders in progress (${inProgress.join(', ')}): cancel them, or delete once they are shipped`);
      }
      const { orderIds, addressIds } = await anonymiseOrdersOfUser(em, user.id);
      await this.addresses.anonymise(em, addressIds);
      await this.addresses.forgetBook(em, user.id);
      await anonymiseCardsOfUser(em, user.id);
      await forgetMailsOf(em, user.id, orderIds, [user.email, ...(user.unconfirmedEmail ? [user.unconfirmedEmail] : [])]);
      await eraseEventData(em, orderIds, user.id);
      await this.users.deleteRow(em, user.id);
    });
  }
}

