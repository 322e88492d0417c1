import { preparedStatement } from '../../common/db/prepared-statement';
import Decimal from 'decimal.js';
import { EntityManager } from 'typeorm';
import { JsonRows } from '../../common/db/entity-json';
import { decimal, moneyString, roundMoney, ZERO } from '../../common/money/money';
import { currencyMinorUnits } from '../../config/currencies';
import { closeAdjustments, deleteAdjustments, updateAdjustments } from './adjustment-writes';

/**
 * The promotion arithmetic on an order, as plain functions, kept with the
 * order's adjustments (promotions, above orders, only administer the
 * promotions): the order's totals (`computeOrderTotals`) call
 * `planOrderPromotions` and the updater `writeOrderPromotions`; the coupon
 * actions and the checkout (src/order-actions) use the rest.
 *
 * A promotion's discount is one adjustment on the order (Spree's
 * CreateAdjustment action): adjustable `Spree::Order`, source
 * `Spree::PromotionAction`. Our promotion has exactly one action, its
 * discount, so the source id is the promotion's id.
 */
/** The promotions' calculators (promotions.discount_type): `flat_rate` takes `amount` off the order, `flat_percent_item_total` takes `percent` of its item total. */
export const DISCOUNT_TYPES = ['flat_rate', 'flat_percent_item_total'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const PROMOTION_SOURCE_TYPE = 'Spree::PromotionAction';

export interface DiscountTerms {
  discountType: DiscountType;
  amount: string | null;
  percent: string | null;
  /** The currency of a flat `amount` (null: made before promotions had one, treated as the order's). */
  currency?: string | null;
}

/**
 * Whether the promotion's discount can apply to an order in `orderCurrency`: a flat amount only in its own currency
 * (Spree 2.2's FlatRate computes 0 for an order in another currency than its `preferred_currency`); a percent in any.
 */
export function discountAppliesIn(terms: Pick<DiscountTerms, 'discountType' | 'currency'>, orderCurrency: string | undefined): boolean {
  return terms.discountType !== 'flat_rate' || !terms.currency || orderCurrency === undefined || terms.currency === orderCurrency;
}

/**
 * The credit (zero or negative) a promotion gives an order with this item
 * total: Spree's FlatRate or FlatPercentItemTotal, rounded half up to cents,
 * and never more than the item total (Spree's CreateAdjustment#compute_amount
 * caps at item total plus shipping; we never discount the shipping).
 */
export function promotionCredit(terms: DiscountTerms, itemTotal: Decimal.Value, places?: number, orderCurrency?: string): Decimal {
  if (!discountAppliesIn(terms, orderCurrency)) return ZERO;
  const base = Decimal.max(decimal(itemTotal), ZERO);
  const value = terms.discountType === 'flat_rate' ? decimal(terms.amount) : base.times(decimal(terms.percent)).dividedBy(100);
  const credit = Decimal.min(roundMoney(value.abs(), places), base);
  return credit.isZero() ? ZERO : credit.negated();
}

/** "Promotion (<name>)": Spree's label, `"#{Spree.t(:promotion)} (#{promotion.name})"`. */
export const promotionLabel = (name: string) => `Promotion (${name})`;

/** SQL: the promotion aliased `p` is within its dates now (Spree's `Promotion.active`). */
export const PROMOTION_ACTIVE_SQL = `((p.starts_at IS NULL OR p.starts_at <= now()) AND (p.expires_at IS NULL OR p.expires_at > now()))`;

/**
 * SQL: how many completed (not canceled) orders, other than order `$<orderParam>`,
 * got the discount of the promotion aliased `p`: what its usage limit counts.
 */
export function promotionUsesSql(orderParam: number | null): string {
  return `(SELECT count(DISTINCT u.order_id)::int FROM adjustments u JOIN orders uo ON uo.id = u.order_id
            WHERE u.source_type = '${PROMOTION_SOURCE_TYPE}' AND u.source_id = p.id AND u.adjustable_type = 'Spree::Order' AND u.eligible
              AND uo.completed_at IS NOT NULL AND uo.state <> 'canceled'${orderParam === null ? '' : ` AND uo.id <> $${orderParam}`})`;
}

export interface PromotionAdjustmentRow {
  id: number;
  amount: string;
  eligible: boolean;
  state: string;
  label: string;
  promotion_id: number | null;
  name: string | null;
  discount_type: DiscountType | null;
  flat_amount: string | null;
  percent: string | null;
  /** The promotion's currency (its flat amount's). */
  currency?: string | null;
  active: boolean | null;
  used_up: boolean | null;
}

/** The promotion adjustments of order `$1` as `planOrderPromotions` takes them, nested in a statement (numerics as text). */
export const ORDER_PROMOTION_ROWS = new JsonRows<PromotionAdjustmentRow>({
  id: 'a.id',
  amount: 'a.amount::text',
  eligible: 'a.eligible',
  state: 'a.state',
  label: 'a.label',
  promotion_id: 'p.id',
  name: 'p.name',
  discount_type: 'p.discount_type',
  flat_amount: 'p.amount::text',
  percent: 'p.percent::text',
  currency: 'p.currency',
  active: PROMOTION_ACTIVE_SQL,
  used_up: `(p.usage_limit IS NOT NULL AND ${promotionUsesSql(1)} >= p.usage_limit)`,
});

/**
 * SQL: the rows of ORDER_PROMOTION_ROWS (read back with its `read`), for a
 * caller that reads them with the order in one statement.
 */
export const ORDER_PROMOTIONS_JSON = ORDER_PROMOTION_ROWS.select(
  `FROM adjustments a LEFT JOIN promotions p ON p.id = a.source_id
   WHERE a.order_id = $1 AND a.adjustable_type = 'Spree::Order' AND a.source_type = '${PROMOTION_SOURCE_TYPE}'`,
  'a.created_at DESC, a.id DESC',
);

/** A promotion's discount on an order in checkout, as it should now be. */
export interface OrderDiscount {
  row: PromotionAdjustmentRow;
  amount: Decimal;
  eligible: boolean;
  label: string;
  /** The adjustment row differs from this (amount, eligibility, label, or it is closed). */
  changed: boolean;
}

/**
 * The arithmetic of `planOrderPromotions` for an order in checkout:
 * each discount at this item total, and the one that counts (the best of the
 * eligible ones; the others are not eligible). Rows whose promotion is gone
 * are left out. `rows` come newest first, as ORDER_PROMOTIONS_JSON reads them.
 */
export function rankOrderPromotions(
  rows: PromotionAdjustmentRow[],
  itemTotal: Decimal,
  places?: number,
  currency?: string,
): { discounts: OrderDiscount[]; best: OrderDiscount | undefined } {
  const discounts = rows
    .filter((r) => r.promotion_id !== null)
    .map((r) => ({
      row: r,
      amount: promotionCredit({ discountType: r.discount_type!, amount: r.flat_amount, percent: r.percent, currency: r.currency }, itemTotal, places, currency),
      eligible: Boolean(r.active) && !r.used_up,
      label: promotionLabel(r.name!),
      changed: false,
    }));
  // Rows come newest first, so the first of the biggest credits is the newest (Spree: amount ASC, created_at DESC).
  const best = discounts.filter((c) => c.eligible).reduce<OrderDiscount | undefined>((b, c) => (b === undefined || c.amount.lessThan(b.amount) ? c : b), undefined);
  for (const c of discounts) {
    c.eligible = c === best;
    c.changed = !decimal(c.row.amount).equals(c.amount) || c.row.eligible !== c.eligible || c.row.label !== c.label || c.row.state !== 'open';
  }
  return { discounts, best };
}

/**
 * Whether an order in this state keeps its discounts as the shopper was last
 * shown them: at confirm, the order is shown for the shopper to pay, so a
 * promotion that changes, lapses, is used up or deleted meanwhile does not
 * change what the confirm step showed; the completion re-checks them (never
 * charging more than shown, `discountNoLongerShown`) and prices the order
 * again. Acting on the coupons, or going back a step, prices it again too.
 */
export function shownAtConfirm(orderState: string): boolean {
  return orderState === 'confirm';
}

/** The discount the order's eligible promotion adjustments give, as stored (zero or negative). */
function shownDiscount(rows: ReadonlyArray<Pick<PromotionAdjustmentRow, 'eligible' | 'amount'>>): Decimal {
  return rows.filter((r) => r.eligible).reduce((sum, r) => sum.plus(decimal(r.amount)), ZERO);
}

/** What `planOrderPromotions` decides for an order's promotion adjustments: the statements' contents, and the promo total. */
export interface OrderPromotionsPlan {
  /** The order's promo_total: its eligible discounts (zero or negative). */
  total: Decimal;
  /** Adjustments to close (the order is complete). */
  close: number[];
  /** Adjustments whose promotion is gone. */
  remove: number[];
  /** Adjustments whose amount, eligibility or label change (reopened). */
  update: Array<{ id: number; amount: string; eligible: boolean; label: string }>;
}

/**
 * Spree's ItemAdjustments promo step for an order, without the database:
 * - while the order is in checkout, each discount follows the item total,
 *   and is eligible while its promotion is within its dates and under its
 *   usage limit; only the best eligible one counts (the biggest credit, the
 *   newest on a tie), the others stay on the order as not eligible;
 *   a discount whose promotion is gone is removed;
 * - at confirm (`shownAtConfirm`) they stay as shown unless `reprice`;
 * - once the order is complete its discounts are closed and stay as they
 *   were (Spree's `finalize!` closes the adjustments).
 * `places`: the currency's minor units.
 */
export function planOrderPromotions(
  rows: PromotionAdjustmentRow[],
  order: { completed: boolean; state: string },
  itemTotal: Decimal,
  options: { reprice?: boolean; places?: number; currency?: string } = {},
): OrderPromotionsPlan {
  const plan: OrderPromotionsPlan = { total: ZERO, close: [], remove: [], update: [] };
  if (rows.length === 0) return plan;
  if (order.completed) return { ...plan, total: shownDiscount(rows), close: rows.filter((r) => r.state !== 'closed').map((r) => r.id) };
  if (shownAtConfirm(order.state) && !options.reprice) return { ...plan, total: shownDiscount(rows) };
  const { discounts, best } = rankOrderPromotions(rows, itemTotal, options.places, options.currency);
  return {
    total: best ? best.amount : ZERO,
    close: [],
    remove: rows.filter((r) => r.promotion_id === null).map((r) => r.id),
    update: discounts
      .filter((c) => c.changed)
      .map((c) => ({ id: c.row.id, amount: moneyString(c.amount, options.places), eligible: c.eligible, label: c.label })),
  };
}

/** Writes what `planOrderPromotions` decided (each statement only when it has rows). */
export async function writeOrderPromotions(em: EntityManager, plan: OrderPromotionsPlan): Promise<void> {
  await closeAdjustments(em, plan.close);
  await deleteAdjustments(em, plan.remove);
  await updateAdjustments(em, plan.update);
}

/**
 * Locks the promotions whose discounts the order carries, so two orders
 * completing at once cannot both take a promotion's last use, in one
 * statement that also says whether the order carries any discount of a
 * promotion (one whose promotion was deleted too). Call with the order's row
 * locked (orders first, then promotions, everywhere).
 */
export async function lockOrderPromotions(em: EntityManager, orderId: number): Promise<{ carriesCoupons: boolean; shipments: number }> {
  const [{ carries, shipments }] = await LOCK_ORDER_PROMOTIONS(em).run<{ carries: boolean; shipments: number }>(em, [orderId, PROMOTION_SOURCE_TYPE]);
  return { carriesCoupons: carries === true, shipments };
}

/** Why a coupon on an order cannot give the discount the order was priced with. */
export type LostCouponReason = 'used_up' | 'expired' | 'withdrawn' | 'reduced';

/** A coupon on an order that can no longer give the discount the order was priced with. */
export interface LostCoupon {
  code: string;
  name: string;
  reason: LostCouponReason;
}

/** A promotion adjustment row with the coupon code it was applied with (or its promotion's). */
export type CouponRow = PromotionAdjustmentRow & { code?: string | null };

/** `lockOrderPromotions`' one statement, prepared; it also counts the order's shipments (the completion needs one at least). */
const LOCK_ORDER_PROMOTIONS = preparedStatement(
  'order-promotions-lock',
  `WITH locked AS (
     SELECT p.id FROM promotions p
      WHERE p.id IN (SELECT a.source_id FROM adjustments a WHERE a.order_id = $1 AND a.adjustable_type = 'Spree::Order' AND a.source_type = $2)
      ORDER BY p.id FOR UPDATE)
   SELECT (SELECT count(*)::int FROM locked) AS locked,
          EXISTS (SELECT 1 FROM adjustments a WHERE a.order_id = $1 AND a.adjustable_type = 'Spree::Order' AND a.source_type = $2) AS carries,
          (SELECT count(*)::int FROM shipments WHERE order_id = $1) AS shipments`,
);

/**
 * Never charge more than shown: the discount the order shows (its eligible
 * rows, kept as shown at confirm) against the best one its coupons give now
 * (their promotions' current terms, dates, limits; a deleted one gives none).
 * When the order would lose discount, the coupon it was shown with and why
 * (its promotion deleted, out of its dates, used up, or giving less).
 */
export function discountNoLongerShown(rows: readonly CouponRow[], itemTotal: Decimal, currency?: string): LostCoupon | undefined {
  const shown = rows.filter((r) => r.eligible).sort((a, b) => decimal(a.amount).comparedTo(decimal(b.amount)));
  if (shown.length === 0) return undefined;
  const { best } = rankOrderPromotions([...rows], itemTotal, currency === undefined ? undefined : currencyMinorUnits(currency), currency);
  if (!(best ? best.amount : ZERO).greaterThan(shownDiscount(shown))) return undefined;
  const lost = shown[0];
  const reason: LostCouponReason = lost.promotion_id === null ? 'withdrawn' : !lost.active ? 'expired' : lost.used_up ? 'used_up' : 'reduced';
  return { code: lost.code ?? '', name: lost.name ?? '', reason };
}

/**
 * The discount that would count for this order were it not for usage limits
 * (the best of its active promotions at this item total), when its promotion
 * is used up: the coupon the order was priced with and can no longer have.
 * Its stored eligibility is ignored, since an update after the other order
 * completed may already have dropped it.
 */
export function couponLostToLimit(rows: readonly CouponRow[], itemTotal: Decimal, currency?: string): LostCoupon | undefined {
  const { best } = rankOrderPromotions(rows.map((r) => ({ ...r, used_up: false })), itemTotal, currency === undefined ? undefined : currencyMinorUnits(currency), currency);
  if (!best) return undefined;
  const row = rows.find((r) => r.id === best.row.id)!;
  return row.used_up ? { code: row.code ?? '', name: row.name ?? '', reason: 'used_up' } : undefined;
}

/**
 * At completion, with the order's promotions locked (`lockOrderPromotions`):
 * the coupon the order can no longer have as it was priced, if any: a
 * discount shown that its promotion no longer gives (`discountNoLongerShown`),
 * or the coupon whose last use another order took since this one applied it
 * (`couponLostToLimit`). The checkout refuses to complete then (nothing is
 * charged), naming the coupon, rather than charge more than the order showed.
 */
export async function findLostCoupon(em: EntityManager, order: { id: number; itemTotal: string; currency: string }): Promise<LostCoupon | undefined> {
  const rows: CouponRow[] = await em.query(
    `SELECT a.id, a.amount, a.eligible, a.state, a.label, p.id AS promotion_id, p.name, COALESCE(a.promotion_code, p.code) AS code,
            p.discount_type, p.amount AS flat_amount, p.percent, p.currency,
            ${PROMOTION_ACTIVE_SQL} AS active,
            (p.usage_limit IS NOT NULL AND ${promotionUsesSql(1)} >= p.usage_limit) AS used_up
       FROM adjustments a LEFT JOIN promotions p ON p.id = a.source_id
      WHERE a.order_id = $1 AND a.adjustable_type = 'Spree::Order' AND a.source_type = $2
      ORDER BY a.created_at DESC, a.id DESC`,
    [order.id, PROMOTION_SOURCE_TYPE],
  );
  const itemTotal = decimal(order.itemTotal);
  return discountNoLongerShown(rows, itemTotal, order.currency) ?? couponLostToLimit(rows, itemTotal, order.currency);
}
