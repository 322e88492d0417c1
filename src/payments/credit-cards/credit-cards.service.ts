import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { UsersService } from '../../accounts/users/users.service';
import { Caller } from '../../common/auth/caller';
import { findOrFail } from '../../common/db/find-or-fail';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { CreditCard } from '../payment/entities/credit-card.entity';
import { PaymentProviderRegistry } from '../payment/gateways/registry';
import { PaymentMethod } from '../payment-methods/entities/payment-method.entity';
import { SavedCardJson, serializeSavedCard } from './credit-card.serializer';
import { CreditCardParamsDto } from './dto/credit-card-params.dto';

export const SAVED_CARD_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'card.id', type: 'integer' },
    cc_type: { expression: 'card.cc_type', type: 'string' },
    last_digits: { expression: 'card.last_digits', type: 'string' },
    month: { expression: 'card.month', type: 'integer' },
    year: { expression: 'card.year', type: 'integer' },
    payment_method_id: { expression: 'card.payment_method_id', type: 'integer' },
    created_at: { expression: 'card.created_at', type: 'datetime' },
  },
  defaultOrder: { 'card.created_at': 'DESC', 'card.id': 'DESC' },
};

/** The default card: the one chosen, else the latest saved (a customer who never chose still has one). */
const DEFAULT_CARD = `SELECT id FROM credit_cards WHERE user_id = $1 AND deleted_at IS NULL ORDER BY "default" DESC, created_at DESC, id DESC LIMIT 1`;

/**
 * A signed-in customer's saved cards (`/api/users/:id/credit_cards`, Spree
 * 2.3's route): the cards their orders were paid with, which `existing_card`
 * pays with again. Only what may be shown is kept (payments/payment/card.ts);
 * the customer (or an admin) lists them, picks the default, removes one.
 */
@Injectable()
export class CreditCardsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly providers: PaymentProviderRegistry,
  ) {}

  async list(caller: Caller, userId: number, params: ListParams): Promise<Page<SavedCardJson>> {
    const user = await this.users.findVisible(caller, userId);
    const qb = this.dataSource.getRepository(CreditCard).createQueryBuilder('card').where('card.user_id = :userId AND card.deleted_at IS NULL', { userId: user.id });
    const [page, defaultId] = await Promise.all([findPage(qb, SAVED_CARD_SEARCH, params), this.defaultCardId(this.dataSource.manager, user.id)]);
    return { ...page, items: page.items.map((card) => serializeSavedCard(card, card.id === defaultId)) };
  }

  async show(caller: Caller, userId: number, cardId: number): Promise<SavedCardJson> {
    const user = await this.users.findVisible(caller, userId);
    const card = await this.liveCard(this.dataSource.manager, user.id, cardId);
    return serializeSavedCard(card, card.id === (await this.defaultCardId(this.dataSource.manager, user.id)));
  }

  /** `default: true` makes the card the default (the others stop being so); `false` leaves none chosen (the latest is then the default). */
  async update(caller: Caller, userId: number, cardId: number, params: CreditCardParamsDto): Promise<SavedCardJson> {
    const user = await this.users.findVisible(caller, userId);
    return this.dataSource.transaction(async (em) => {
      await this.lockCards(em, user.id);
      const card = await this.liveCard(em, user.id, cardId);
      if (params.default === true) {
        // Two statements: the one-default index is checked row by row.
        await em.query(`UPDATE credit_cards SET "default" = false, updated_at = now() WHERE user_id = $1 AND "default" AND id <> $2`, [user.id, card.id]);
        await em.query(`UPDATE credit_cards SET "default" = true, updated_at = now() WHERE id = $1`, [card.id]);
      } else if (params.default === false) {
        await em.query(`UPDATE credit_cards SET "default" = false, updated_at = now() WHERE id = $1`, [card.id]);
      }
      const saved = await findOrFail(em, CreditCard, { id: card.id });
      return serializeSavedCard(saved, saved.id === (await this.defaultCardId(em, user.id)));
    });
  }

  /**
   * Removes the card from the customer's saved cards: payments made with it keep showing it; it cannot pay again.
   * A provider that keeps it with the customer forgets it first (Stripe detaches it): if the provider does not
   * answer, nothing changes here (503) and the customer may try again.
   */
  async remove(caller: Caller, userId: number, cardId: number): Promise<void> {
    const user = await this.users.findVisible(caller, userId);
    await this.dataSource.transaction(async (em) => {
      await this.lockCards(em, user.id);
      const card = await this.liveCard(em, user.id, cardId);
      await this.forgetAtProvider(em, card);
      await em.query(`UPDATE credit_cards SET deleted_at = now(), "default" = false, updated_at = now() WHERE id = $1`, [card.id]);
    });
  }

  private async forgetAtProvider(em: EntityManager, card: CreditCard): Promise<void> {
    if (card.paymentMethodId === null || card.gatewayCustomerProfileId === null) return;
    const method = await em.findOneBy(PaymentMethod, { id: card.paymentMethodId });
    const registered = method ? this.providers.get(method.type) : undefined;
    if (!method || !registered?.provider.forgetCard) return;
    await registered.provider.forgetCard({
      settings: this.providers.settings(method),
      card: { gatewayCustomerProfileId: card.gatewayCustomerProfileId, gatewayPaymentProfileId: card.gatewayPaymentProfileId },
    });
  }

  private liveCard(em: EntityManager, userId: number, cardId: number): Promise<CreditCard> {
    return findOrFail(em, CreditCard, { id: cardId, userId, deletedAt: IsNull() });
  }

  /** Serializes changes to one customer's cards (the default moves between them). */
  private async lockCards(em: EntityManager, userId: number): Promise<void> {
    await em.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [userId]);
  }

  private async defaultCardId(em: EntityManager, userId: number): Promise<number | null> {
    const [row] = await em.query(DEFAULT_CARD, [userId]);
    return row?.id ?? null;
  }
}
