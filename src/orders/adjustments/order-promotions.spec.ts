import Decimal from 'decimal.js';
import { couponLostToLimit, discountAppliesIn, discountNoLongerShown, DiscountTerms, PromotionAdjustmentRow, promotionCredit, promotionLabel, promotionUsesSql, rankOrderPromotions } from './order-promotions';

const flat = (amount: string | null): DiscountTerms => ({ discountType: 'flat_rate', amount, percent: null });
const percent = (value: string): DiscountTerms => ({ discountType: 'flat_percent_item_total', amount: null, percent: value });
const credit = (terms: DiscountTerms, itemTotal: Decimal.Value) => promotionCredit(terms, itemTotal).toFixed(2);

describe('promotion math', () => {
  describe("a promotion's credit on an order (Spree FlatRate, FlatPercentItemTotal)", () => {
    it('a flat rate is its amount, never more than the item total', () => {
      expect(credit(flat('10'), '50.00')).toBe('-10.00');
      expect(credit(flat('10'), '5.00')).toBe('-5.00');
      expect(credit(flat('10.005'), '50.00')).toBe('-10.01');
    });

    it('a percentage is of the item total, rounded half up to cents, never more than it', () => {
      expect(credit(percent('10'), '19.99')).toBe('-2.00'); // 1.999
      expect(credit(percent('15'), '10.10')).toBe('-1.52'); // 1.515
      expect(credit(percent('12.5'), '0.04')).toBe('-0.01'); // 0.005
      expect(credit(percent('100'), '19.99')).toBe('-19.99');
      expect(credit(percent('150'), '19.99')).toBe('-19.99');
    });

    it('is exact on large totals', () => {
      expect(credit(percent('33'), '1234567890123.45')).toBe('-407407403740.74');
    });

    it('a negative amount counts by its size', () => {
      expect(credit(flat('-3'), '50.00')).toBe('-3.00');
    });

    it("a flat amount applies only to orders in its currency, a percent to any (Spree's FlatRate preferred_currency)", () => {
      const eur = { ...flat('5'), currency: 'EUR' };
      expect(promotionCredit(eur, '50.00', 2, 'EUR').toFixed(2)).toBe('-5.00');
      expect(promotionCredit(eur, '50.00', 2, 'USD').toFixed(2)).toBe('0.00');
      expect(discountAppliesIn(eur, 'USD')).toBe(false);
      expect(discountAppliesIn({ ...percent('10'), currency: 'EUR' }, 'USD')).toBe(true);
      // Rounded to the order's currency: 10 % of ¥1,999 is ¥200.
      expect(promotionCredit({ ...percent('10'), currency: 'USD' }, '1999', 0, 'JPY').toFixed()).toBe('-200');
      const yen = { ...flat('500'), currency: 'JPY' };
      expect(promotionCredit(yen, '1999', 0, 'JPY').toFixed()).toBe('-500');
      // Made before promotions had a currency: as before, in the order's.
      expect(discountAppliesIn(flat('5'), 'JPY')).toBe(true);
    });

    it('is zero, not negative zero, when there is nothing to discount', () => {
      for (const c of [promotionCredit(flat('10'), '0'), promotionCredit(flat('10'), '-5.00'), promotionCredit(flat(null), '50.00'), promotionCredit(percent('10'), '0.04')]) {
        expect([c.toFixed(2), c.isNegative()]).toEqual(['0.00', false]);
      }
    });
  });

  it("labels a discount with the promotion's name", () => {
    expect(promotionLabel('Summer sale')).toBe('Promotion (Summer sale)');
  });

  it("counts a promotion's uses over other orders than the one asked about", () => {
    expect(promotionUsesSql(2)).toContain('AND uo.id <> $2');
    expect(promotionUsesSql(null)).not.toContain('uo.id <>');
    expect(promotionUsesSql(null)).toContain("uo.state <> 'canceled'");
  });

  describe('which discount of an order counts', () => {
    let nextId = 1;
    /** An adjustment row as read, its promotion active and unused, already up to date for an item total of 100. */
    function row(name: string, terms: DiscountTerms, overrides: Partial<PromotionAdjustmentRow> = {}): PromotionAdjustmentRow {
      const id = nextId++;
      return {
        id,
        amount: promotionCredit(terms, '100').toFixed(2),
        eligible: false,
        state: 'open',
        label: promotionLabel(name),
        promotion_id: 100 + id,
        name,
        discount_type: terms.discountType,
        flat_amount: terms.amount,
        percent: terms.percent,
        active: true,
        used_up: false,
        ...overrides,
      };
    }
    const hundred = new Decimal('100');
    const ranked = (rows: PromotionAdjustmentRow[], itemTotal = hundred) => {
      const { discounts, best } = rankOrderPromotions(rows, itemTotal);
      return { best: best?.row.name, discounts: discounts.map((d) => [d.row.name, d.amount.toFixed(2), d.eligible]) };
    };

    it('the biggest credit of the eligible ones; the others stay, not eligible', () => {
      expect(ranked([row('Five off', flat('5')), row('Ten percent', percent('10')), row('Seven off', flat('7'))])).toEqual({
        best: 'Ten percent',
        discounts: [
          ['Five off', '-5.00', false],
          ['Ten percent', '-10.00', true],
          ['Seven off', '-7.00', false],
        ],
      });
    });

    it('on a tie, the newest (rows come newest first)', () => {
      expect(ranked([row('Newer', flat('5')), row('Older', flat('5'))]).best).toBe('Newer');
    });

    it('follows the item total', () => {
      expect(ranked([row('Fifty off', flat('50')), row('Ten percent', percent('10'))], new Decimal('30'))).toEqual({
        best: 'Fifty off',
        discounts: [
          ['Fifty off', '-30.00', true],
          ['Ten percent', '-3.00', false],
        ],
      });
    });

    it('never a discount whose promotion is out of its dates or used up, however big', () => {
      const rows = [row('Expired', flat('50'), { active: false }), row('Used up', flat('40'), { used_up: true }), row('Small', flat('1'))];
      expect(ranked(rows).best).toBe('Small');
      expect(ranked(rows.slice(0, 2))).toEqual({ best: undefined, discounts: [['Expired', '-50.00', false], ['Used up', '-40.00', false]] });
    });

    it('leaves out discounts whose promotion is gone', () => {
      expect(ranked([row('Gone', flat('50'), { promotion_id: null }), row('Here', flat('5'))])).toEqual({ best: 'Here', discounts: [['Here', '-5.00', true]] });
    });

    it('marks as changed only the rows that differ from what they should be', () => {
      const upToDate = row('Ten off', flat('10'), { eligible: true });
      const rows = [
        upToDate,
        row('Was eligible', flat('2'), { eligible: true }),
        row('Old amount', flat('3'), { amount: '-2.00' }),
        row('Renamed', flat('4'), { label: 'Promotion (Old name)' }),
        row('Closed', flat('5'), { state: 'closed' }),
        row('Unchanged', flat('6')),
      ];
      const { discounts } = rankOrderPromotions(rows, hundred);
      expect(discounts.filter((d) => d.changed).map((d) => d.row.name)).toEqual(['Was eligible', 'Old amount', 'Renamed', 'Closed']);
    });

    describe('the coupon an order lost to its usage limit (refused at completion)', () => {
      const coded = (r: PromotionAdjustmentRow) => ({ ...r, code: r.name!.toUpperCase().replace(/ /g, '') });
      it('is the discount that would count but for the limits, when its promotion is used up, whatever its stored eligibility', () => {
        expect(couponLostToLimit([coded(row('Ten off', flat('10'), { used_up: true, eligible: true }))], hundred)).toEqual({ code: 'TENOFF', name: 'Ten off', reason: 'used_up' });
        expect(couponLostToLimit([coded(row('Ten off', flat('10'), { used_up: true, eligible: false })), coded(row('Two off', flat('2')))], hundred)).toEqual({
          code: 'TENOFF',
          name: 'Ten off',
          reason: 'used_up',
        });
      });
      it('is none when the counting discount is still usable, or when only a lesser or lapsed one is used up', () => {
        expect(couponLostToLimit([coded(row('Ten off', flat('10')))], hundred)).toBeUndefined();
        expect(couponLostToLimit([coded(row('Two off', flat('2'), { used_up: true })), coded(row('Ten off', flat('10')))], hundred)).toBeUndefined();
        expect(couponLostToLimit([coded(row('Ten off', flat('10'), { used_up: true, active: false }))], hundred)).toBeUndefined();
        expect(couponLostToLimit([], hundred)).toBeUndefined();
      });
    });

    describe('a discount the order showed that it would no longer get (refused at completion: never charge more than shown)', () => {
      const coded = (r: PromotionAdjustmentRow) => ({ ...r, code: r.label.replace(/^Promotion \((.*)\)$/, '$1').toUpperCase().replace(/ /g, '') });
      const shownTenOff = (overrides: Partial<PromotionAdjustmentRow> = {}) => coded(row('Ten off', flat('10'), { eligible: true, ...overrides }));

      it('is none while the discount shown is still given, or a bigger one is', () => {
        expect(discountNoLongerShown([shownTenOff()], hundred)).toBeUndefined();
        expect(discountNoLongerShown([shownTenOff({ flat_amount: '12' })], hundred)).toBeUndefined();
        expect(discountNoLongerShown([coded(row('Ten off', flat('10')))], hundred)).toBeUndefined();
        expect(discountNoLongerShown([], hundred)).toBeUndefined();
      });

      it('names the coupon shown and why: its promotion deleted, out of its dates, used up, or giving less', () => {
        expect(discountNoLongerShown([shownTenOff({ promotion_id: null, name: null })], hundred)).toEqual({ code: 'TENOFF', name: '', reason: 'withdrawn' });
        expect(discountNoLongerShown([shownTenOff({ active: false })], hundred)).toMatchObject({ code: 'TENOFF', reason: 'expired' });
        expect(discountNoLongerShown([shownTenOff({ used_up: true })], hundred)).toMatchObject({ code: 'TENOFF', reason: 'used_up' });
        expect(discountNoLongerShown([shownTenOff({ flat_amount: '9.99' })], hundred)).toMatchObject({ code: 'TENOFF', reason: 'reduced' });
      });

      it('another coupon that gives as much keeps the total: none; one that gives less does not', () => {
        expect(discountNoLongerShown([shownTenOff({ active: false }), coded(row('Also ten', flat('10')))], hundred)).toBeUndefined();
        expect(discountNoLongerShown([shownTenOff({ active: false }), coded(row('Eight off', flat('8')))], hundred)).toMatchObject({ code: 'TENOFF', reason: 'expired' });
      });
    });
  });
});
