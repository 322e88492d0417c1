import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import { DataSource, EntityManager } from 'typeorm';
import { FieldErrorCollector } from '../../common/errors/api-errors';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { decimal, decimalPlacesProblem } from '../../common/money/money';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { currencyMinorUnits } from '../../config/currencies';
import { dropSource } from '../../orders/adjustments/adjustment-writes';
import { CreatePromotionDto, UpdatePromotionDto } from './dto/promotion.dto';
import { DISCOUNT_TYPES, DiscountType, Promotion } from './entities/promotion.entity';
import { PROMOTION_SOURCE_TYPE, promotionUsesSql, shownAtConfirm } from '../../orders/adjustments/order-promotions';
import { PromotionJson, serializePromotion } from './promotion.serializer';
import { findOrFail } from '../../common/db/find-or-fail';

/** What `q[...]` may search and sort on (Spree ransacks a promotion's code; a back-office also wants these). */
export const PROMOTION_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'promotion.id', type: 'integer' },
    name: { expression: 'promotion.name', type: 'string' },
    description: { expression: 'promotion.description', type: 'string' },
    code: { expression: 'promotion.code', type: 'string' },
    starts_at: { expression: 'promotion.starts_at', type: 'datetime' },
    expires_at: { expression: 'promotion.expires_at', type: 'datetime' },
    usage_limit: { expression: 'promotion.usage_limit', type: 'integer' },
    discount_type: { expression: 'promotion.discount_type', type: 'string' },
    amount: { expression: 'promotion.amount', type: 'decimal' },
    percent: { expression: 'promotion.percent', type: 'decimal' },
    created_at: { expression: 'promotion.created_at', type: 'datetime' },
    updated_at: { expression: 'promotion.updated_at', type: 'datetime' },
  },
  defaultOrder: { 'promotion.id': 'ASC' },
};

/** The money columns keep 8 integer digits (numeric(11,3)). */
const MAX_AMOUNT = new Decimal('100000000');

/**
 * Promotions for admins. Changing or deleting one locks the orders in
 * checkout that carry its discount, which the promotion actions
 * (src/order-actions/promotions) recompute in the same transaction; completed
 * orders keep the discount they got.
 */
@Injectable()
export class PromotionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(params: ListParams): Promise<Page<PromotionJson>> {
    const page = await findPage(this.dataSource.getRepository(Promotion).createQueryBuilder('promotion'), PROMOTION_SEARCH, params);
    const uses = await this.usageCounts(this.dataSource.manager, page.items.map((p) => p.id));
    return { ...page, items: page.items.map((p) => serializePromotion(p, uses.get(p.id) ?? 0, p.currency ?? this.config.currency)) };
  }

  async show(id: number): Promise<PromotionJson> {
    const promotion = await findOrFail(this.dataSource.manager, Promotion, { id });
    return this.render(this.dataSource.manager, promotion);
  }

  async create(params: CreatePromotionDto): Promise<PromotionJson> {
    return this.dataSource.transaction(async (em) => {
      const promotion = em.create(Promotion, { description: null, startsAt: null, expiresAt: null, usageLimit: null, amount: null, percent: null, currency: this.config.currency });
      await this.assign(em, promotion, params);
      return this.render(em, await em.save(promotion));
    });
  }

  /**
   * Changes a promotion, in the caller's transaction (the promotion actions, src/order-actions/promotions); answers
   * it with the orders in checkout carrying its discount, locked, which the caller recomputes.
   */
  async update(em: EntityManager, id: number, params: UpdatePromotionDto): Promise<{ promotion: Promotion; orders: number[] }> {
    const carriers = await this.lockOpenCarriers(em, id);
    const promotion = await findOrFail(em, Promotion, { id }, { lock: true });
    await this.assign(em, promotion, params);
    await em.save(promotion);
    return { promotion, orders: [...carriers, ...(await this.lockOpenCarriers(em, id))] };
  }

  /**
   * Spree's `deals_with_adjustments_for_deleted_source`: orders in checkout
   * lose the discount (and are recomputed by the caller, with the ids answered); completed orders keep theirs,
   * no longer linked to a promotion. So do orders at confirm, which keep
   * their discounts as that step showed them: their completion is refused,
   * naming the coupon (by the code kept with the discount), until the shopper
   * removes it or goes back a step and sees the new total.
   */
  async remove(em: EntityManager, id: number): Promise<number[]> {
    const carriers = await this.lockOpenCarriers(em, id);
    await findOrFail(em, Promotion, { id }, { lock: true });
    const open = [...new Set([...carriers, ...(await this.lockOpenCarriers(em, id))])];
    const states: Array<{ id: number; state: string }> = await em.query(`SELECT id, state FROM orders WHERE id = ANY($1)`, [open]);
    await dropSource(
      em,
      PROMOTION_SOURCE_TYPE,
      id,
      states.filter((o) => !shownAtConfirm(o.state)).map((o) => Number(o.id)),
    );
    await em.delete(Promotion, { id });
    return open;
  }

  /**
   * Locks the orders still in checkout that carry the promotion's discount.
   * Orders are locked before the promotion (the order of the checkout, which
   * locks an order and then its promotions), so the two never deadlock.
   */
  private async lockOpenCarriers(em: EntityManager, promotionId: number): Promise<number[]> {
    const rows: Array<{ id: number }> = await em.query(
      `SELECT o.id FROM orders o
        WHERE o.completed_at IS NULL
          AND EXISTS (SELECT 1 FROM adjustments a WHERE a.order_id = o.id AND a.adjustable_type = 'Spree::Order' AND a.source_type = $1 AND a.source_id = $2)
        ORDER BY o.id FOR UPDATE OF o`,
      [PROMOTION_SOURCE_TYPE, promotionId],
    );
    return rows.map((r) => Number(r.id));
  }

  async render(em: EntityManager, promotion: Promotion): Promise<PromotionJson> {
    const fresh = await em.findOneByOrFail(Promotion, { id: promotion.id });
    const uses = await this.usageCounts(em, [fresh.id]);
    return serializePromotion(fresh, uses.get(fresh.id) ?? 0, fresh.currency ?? this.config.currency);
  }

  private async usageCounts(em: EntityManager, ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ id: number; uses: number }> = await em.query(`SELECT p.id, ${promotionUsesSql(null)} AS uses FROM promotions p WHERE p.id = ANY($1)`, [ids]);
    return new Map(rows.map((r) => [Number(r.id), Number(r.uses)]));
  }

  /** Applies what was sent, with Spree's validations plus ours (dates in order, a valid discount); all errors at once. */
  private async assign(em: EntityManager, p: Promotion, params: UpdatePromotionDto): Promise<void> {
    const errors = new FieldErrorCollector();
    if (params.name !== undefined) {
      if (!params.name || params.name.trim() === '') errors.add('name', "can't be blank");
      else p.name = params.name.trim();
    }
    if (params.description !== undefined) p.description = params.description && params.description.trim() !== '' ? params.description : null;
    if (params.code !== undefined) {
      const code = params.code?.trim() ?? '';
      if (code === '') errors.add('code', "can't be blank");
      else if (await this.codeTaken(em, code, p.id)) errors.add('code', 'has already been taken');
      else p.code = code;
    }
    if (params.starts_at !== undefined) p.startsAt = params.starts_at;
    if (params.expires_at !== undefined) p.expiresAt = params.expires_at;
    if (p.startsAt && p.expiresAt && p.expiresAt.getTime() <= p.startsAt.getTime()) errors.add('expires_at', 'must be later than start date');
    if (params.usage_limit !== undefined) {
      if (params.usage_limit !== null && params.usage_limit <= 0) errors.add('usage_limit', 'must be greater than 0');
      else p.usageLimit = params.usage_limit;
    }
    if (params.discount_type !== undefined) {
      if (params.discount_type === null) errors.add('discount_type', "can't be blank");
      else if (!DISCOUNT_TYPES.includes(params.discount_type)) errors.add('discount_type', 'is not included in the list');
      else p.discountType = params.discount_type as DiscountType;
    }
    if (params.currency !== undefined) {
      const code = params.currency.trim().toUpperCase();
      if (this.config.supportedCurrencies.includes(code)) p.currency = code;
      else errors.add('currency', `is not a currency this store sells in (${this.config.supportedCurrencies.join(', ')})`);
    }
    // The value of the promotion's kind: sent now, or kept (it is null when the kind just changed).
    if (p.discountType === 'flat_rate') {
      const amount = params.amount !== undefined ? params.amount : p.amount;
      const places = currencyMinorUnits(p.currency ?? this.config.currency);
      const problem = amount === null ? "can't be blank" : decimalProblem(amount, { max: MAX_AMOUNT }, places);
      if (problem) errors.add('amount', problem);
      else [p.amount, p.percent] = [amount, null];
    } else if (p.discountType === 'flat_percent_item_total') {
      const percent = params.percent !== undefined ? params.percent : p.percent;
      const problem = percent === null ? "can't be blank" : decimalProblem(percent, { max: new Decimal(100), inclusive: true });
      if (problem) errors.add('percent', problem);
      else [p.amount, p.percent] = [null, percent];
    }
    errors.throwIfAny();
  }

  private async codeTaken(em: EntityManager, code: string, id: number | undefined): Promise<boolean> {
    const rows = await em.query(`SELECT 1 FROM promotions WHERE lower(code) = lower($1) AND id IS DISTINCT FROM $2 LIMIT 1`, [code, id ?? null]);
    return rows.length > 0;
  }
}

/** Rails' numericality messages for a value from 0 up to `max`, in cents. */
function decimalProblem(value: string, limit: { max: Decimal; inclusive?: boolean }, places = 2): string | undefined {
  const d = decimal(value);
  if (d.lessThan(0)) return 'must be greater than or equal to 0';
  if (limit.inclusive ? d.greaterThan(limit.max) : d.greaterThanOrEqualTo(limit.max)) {
    return limit.inclusive ? `must be less than or equal to ${limit.max.toFixed()}` : `must be less than ${limit.max.toFixed()}`;
  }
  return decimalPlacesProblem(d, places);
}
