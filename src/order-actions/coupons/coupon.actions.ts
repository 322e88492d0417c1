import { HttpStatus, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ApiError, InvalidResourceError, NotFoundError } from '../../common/errors/api-errors';
import { decimal, moneyIn } from '../../common/money/money';
import { currencyMinorUnits } from '../../config/currencies';
import { addOrderAdjustment, deleteAdjustments } from '../../orders/adjustments/adjustment-writes';
import { inCheckout } from '../../orders/order/order-states';
import { Order } from '../../orders/order/entities/order.entity';
import { DiscountType } from '../../promotions/promotion/entities/promotion.entity';
import {
  LostCoupon,
  PROMOTION_ACTIVE_SQL,
  PROMOTION_SOURCE_TYPE,
  discountAppliesIn,
  promotionCredit,
  promotionLabel,
  promotionUsesSql,
  shownAtConfirm,
} from '../../orders/adjustments/order-promotions';
import { CouponCodeResultJson } from '../../promotions/promotion/promotion.serializer';
import { OrderActionRunner, OrderChange } from '../order-action-runner';

/** Spree 2.2's coupon texts (core/config/locales/en.yml). */
export const COUPON_TEXT = {
  applied: 'The coupon code was successfully applied to your order.',
  notFound: "The coupon code you entered doesn't exist. Please try again.",
  expired: 'The coupon code is expired',
  maxUsage: 'Coupon code usage limit exceeded',
  alreadyApplied: 'The coupon code has already been applied to this order',
  notEligible: 'This coupon code is not eligible for this order',
  betterExists: 'The previously applied coupon code results in a better deal',
  unknownError: 'This coupon code could not be applied to the cart at this time.',
  /** Solidus's text (core/config/locales/en.yml) for `DELETE …/coupon_codes/:code`. */
  removed: 'The coupon code was successfully removed from this order.',
  /** Ours, at completion: the coupon's promotion was deleted after the order showed its discount. */
  withdrawn: 'The coupon code is no longer available',
  /** Ours, at completion: the coupon's promotion now gives less than the order showed. */
  reduced: 'The coupon code now gives a smaller discount than the order showed',
} as const;

/** What the checkout says of a coupon it refuses at completion: "<why>: <code>" (`errors.coupon_code`). */
export function lostCouponText(lost: LostCoupon): string {
  const why = { used_up: COUPON_TEXT.maxUsage, expired: COUPON_TEXT.expired, withdrawn: COUPON_TEXT.withdrawn, reduced: COUPON_TEXT.reduced }[lost.reason];
  return `${why}: ${lost.code}`;
}

/** 422 with Spree's handler body `{success: null, error, successful: false}`; thrown, so the transaction writes nothing. */
export class CouponCodeRefused extends ApiError {
  constructor(text: string) {
    const body = { success: null, error: text, successful: false };
    super(HttpStatus.UNPROCESSABLE_ENTITY, body);
  }
}

interface PromotionFacts {
  id: number;
  name: string;
  code: string;
  discount_type: DiscountType;
  amount: string | null;
  percent: string | null;
  currency: string | null;
  active: boolean;
  used_up: boolean;
  applied: boolean;
}

/**
 * The coupon actions (Spree's PromotionHandler::Coupon): put a promotion's
 * discount on an order in checkout, once, as an order adjustment the order
 * updater keeps in step with the order; take it off again. Run by the
 * OrderActionRunner, which reprices the order once after them.
 */
@Injectable()
export class CouponActions {
  constructor(private readonly runner: OrderActionRunner) {}

  /** PUT /api/orders/:number/apply_coupon_code. */
  async apply(number: string, couponCode: string | null | undefined): Promise<CouponCodeResultJson> {
    return this.runner.run(number, async (change) => {
      await this.applyTo(change, couponCode);
      return { success: COUPON_TEXT.applied, error: null, successful: true };
    });
  }

  /**
   * Solidus's `PromotionHandler::Coupon#remove`: takes the discount of the
   * code's promotion off an order in checkout and recomputes its totals.
   * 404 when the code's promotion has no adjustment on this order; 422 once
   * the order is complete (its discounts are closed with it).
   */
  async remove(number: string, couponCode: string): Promise<CouponCodeResultJson> {
    return this.runner.run(number, async (change) => {
      const { em, order } = change;
      const code = couponCode.trim();
      // By its promotion's code, or by the code it was applied with (a deleted promotion's discount kept at confirm).
      const ids: number[] = (
        await em.query(
          `SELECT a.id FROM adjustments a LEFT JOIN promotions p ON p.id = a.source_id
            WHERE a.order_id = $1 AND a.adjustable_type = 'Spree::Order' AND a.source_type = $2 AND (lower(p.code) = lower($3) OR lower(a.promotion_code) = lower($3))`,
          [order.id, PROMOTION_SOURCE_TYPE, code],
        )
      ).map((r: { id: number }) => r.id);
      if (code === '' || ids.length === 0) throw new NotFoundError();
      if (!inCheckout(order.state)) throw InvalidResourceError.field('coupon_code', 'cannot be removed from an order that is no longer in checkout');
      await deleteAdjustments(em, ids);
      // The shopper acted on the coupons: an order at confirm is priced again, and shows it.
      change.changed({ reprice: true });
      return { success: COUPON_TEXT.removed, error: null, successful: true };
    });
  }

  /**
   * Applies a code to the order being changed (also the checkout's update carrying `order[coupon_code]`); the order
   * is repriced after it (by the runner, or here when the discount's eligibility must be read).
   */
  async applyTo(change: OrderChange, couponCode: string | null | undefined): Promise<void> {
    const { em } = change;
    const code = couponCode?.trim() ?? '';
    if (code === '') throw new CouponCodeRefused(COUPON_TEXT.notFound);
    // At confirm the discounts are kept as shown: price the order as it now is before comparing with them.
    if (shownAtConfirm(change.order.state)) await change.totals({ reprice: true });
    const order = await change.row();
    const promotion = await this.findPromotion(em, code, order.id);
    if (!promotion) throw new CouponCodeRefused(COUPON_TEXT.notFound);
    if (!promotion.active) throw new CouponCodeRefused(COUPON_TEXT.expired);
    if (promotion.used_up) throw new CouponCodeRefused(COUPON_TEXT.maxUsage);
    if (promotion.applied) throw new CouponCodeRefused(COUPON_TEXT.alreadyApplied);
    if (!inCheckout(order.state)) throw new CouponCodeRefused(COUPON_TEXT.notEligible);

    const terms = { discountType: promotion.discount_type, amount: promotion.amount, percent: promotion.percent, currency: promotion.currency };
    // A flat amount is in its promotion's currency: an order in another is not eligible (Spree's FlatRate gives it 0).
    if (!discountAppliesIn(terms, order.currency)) throw new CouponCodeRefused(COUPON_TEXT.notEligible);
    const credit = promotionCredit(terms, order.itemTotal, currencyMinorUnits(order.currency), order.currency);
    // Spree's CreateAdjustment makes no adjustment worth nothing (an empty cart, a 0 % promotion).
    if (credit.isZero()) throw new CouponCodeRefused(COUPON_TEXT.unknownError);
    // Only the best discount counts: a bigger one already on the order wins (a tie goes to the newer).
    const [{ best }] = await em.query(
      `SELECT min(amount) AS best FROM adjustments WHERE order_id = $1 AND adjustable_type = 'Spree::Order' AND source_type = $2 AND eligible`,
      [order.id, PROMOTION_SOURCE_TYPE],
    );
    if (best !== null && decimal(best).lessThan(credit)) throw new CouponCodeRefused(COUPON_TEXT.betterExists);

    const id = await addOrderAdjustment(em, {
      orderId: order.id,
      sourceType: PROMOTION_SOURCE_TYPE,
      sourceId: promotion.id,
      amount: moneyIn(credit, order.currency),
      label: promotionLabel(promotion.name),
      state: 'open',
      promotionCode: promotion.code,
    });
    // Whether the new discount counts is the updater's to say (the best one wins): priced again before reading it.
    await change.totals({ reprice: true });
    const [{ eligible }] = await em.query(`SELECT eligible FROM adjustments WHERE id = $1`, [id]);
    if (!eligible) throw new CouponCodeRefused(COUPON_TEXT.betterExists);
  }

  /**
   * The promotion of a code (any case, Spree's `with_coupon_code`) with what
   * the handler asks of it. Its row is share-locked so it cannot change or go
   * while its discount is put on the order (order locked first, as everywhere).
   */
  private async findPromotion(em: EntityManager, code: string, orderId: Order['id']): Promise<PromotionFacts | undefined> {
    const [locked] = await em.query(`SELECT id FROM promotions WHERE lower(code) = lower($1) FOR SHARE`, [code]);
    if (!locked) return undefined;
    const [facts] = await em.query(
      `SELECT p.id, p.name, p.code, p.discount_type, p.amount, p.percent, p.currency,
              ${PROMOTION_ACTIVE_SQL} AS active,
              (p.usage_limit IS NOT NULL AND ${promotionUsesSql(2)} >= p.usage_limit) AS used_up,
              EXISTS (SELECT 1 FROM adjustments a WHERE a.order_id = $2 AND a.adjustable_type = 'Spree::Order' AND a.source_type = $3 AND a.source_id = p.id) AS applied
         FROM promotions p WHERE p.id = $1`,
      [locked.id, orderId, PROMOTION_SOURCE_TYPE],
    );
    return facts;
  }
}
