import Decimal from 'decimal.js';
import { ApplicableRate, applicableRatesFromJson, applicableRatesJson, preTaxAmount, taxCharges, taxLabel } from './tax-calculator';

const CLOTHING = 1;
const FOOD = 2;

function rate(overrides: Partial<ApplicableRate> = {}): ApplicableRate {
  return { id: 1, name: 'Sales Tax', amount: new Decimal('0.05'), taxCategoryId: CLOTHING, taxCategoryName: 'Clothing', includedInPrice: false, showRateInLabel: true, ...overrides };
}
const item = (amount: string, taxCategoryId: number | null = CLOTHING) => ({ taxCategoryId, amount: new Decimal(amount) });
const summary = (charges: ReturnType<typeof taxCharges>) => charges.map((c) => ({ rate: c.rate.id, amount: c.amount.toFixed(2), included: c.included, label: c.label }));

describe('the tax calculator (Spree DefaultTax)', () => {
  describe('additional tax', () => {
    it('is amount × rate, rounded half up to cents', () => {
      expect(summary(taxCharges(item('19.99'), [rate()]))).toEqual([{ rate: 1, amount: '1.00', included: false, label: 'Sales Tax 5.0%' }]);
      expect(summary(taxCharges(item('10.10'), [rate()]))).toEqual([{ rate: 1, amount: '0.51', included: false, label: 'Sales Tax 5.0%' }]); // 0.505
      expect(summary(taxCharges(item('10.09'), [rate()]))).toEqual([{ rate: 1, amount: '0.50', included: false, label: 'Sales Tax 5.0%' }]); // 0.5045
    });

    it('is charged once per rate of the item’s category, and not by rates of other categories', () => {
      const rates = [rate({ id: 1 }), rate({ id: 2, name: 'County Tax', amount: new Decimal('0.01') }), rate({ id: 3, taxCategoryId: FOOD })];
      expect(summary(taxCharges(item('100.00'), rates))).toEqual([
        { rate: 1, amount: '5.00', included: false, label: 'Sales Tax 5.0%' },
        { rate: 2, amount: '1.00', included: false, label: 'County Tax 1.0%' },
      ]);
      expect(summary(taxCharges(item('100.00', FOOD), rates)).map((c) => c.rate)).toEqual([3]);
    });

    it('leaves out an item without a tax category, and zero charges', () => {
      expect(taxCharges(item('100.00', null), [rate()])).toEqual([]);
      expect(taxCharges(item('0.09'), [rate()])).toEqual([]); // 0.0045 rounds to 0.00
      expect(taxCharges(item('100.00'), [rate({ amount: new Decimal(0) })])).toEqual([]);
    });

    it('gives no pre-tax amount', () => {
      expect(preTaxAmount(item('19.99'), [rate()])).toBeNull();
    });
  });

  describe('tax included in the price (VAT)', () => {
    const vat = (overrides: Partial<ApplicableRate> = {}) => rate({ name: 'VAT', amount: new Decimal('0.2'), includedInPrice: true, ...overrides });

    it('is the pre-tax amount × rate', () => {
      expect(preTaxAmount(item('12.00'), [vat()])!.toFixed()).toBe('10');
      expect(summary(taxCharges(item('12.00'), [vat()]))).toEqual([{ rate: 1, amount: '2.00', included: true, label: 'VAT 20.0% (Included in Price)' }]);
    });

    it('with several included rates, divides once by 1 + their sum, so they never claim more than the price holds', () => {
      const rates = [vat({ id: 1, amount: new Decimal('0.1') }), vat({ id: 2, name: 'Eco', amount: new Decimal('0.05') })];
      expect(preTaxAmount(item('23.00'), rates)!.toFixed()).toBe('20');
      const charges = taxCharges(item('23.00'), rates);
      expect(summary(charges).map((c) => c.amount)).toEqual(['2.00', '1.00']);
      expect(charges.reduce((sum, c) => sum.plus(c.amount), new Decimal(0)).toFixed(2)).toBe('3.00');
    });

    it('keeps the pre-tax amount unrounded and rounds each charge', () => {
      expect(preTaxAmount(item('10.00'), [vat({ amount: new Decimal('0.19') })])!.toFixed(6)).toBe('8.403361');
      expect(summary(taxCharges(item('10.00'), [vat({ amount: new Decimal('0.19') })])).map((c) => c.amount)).toEqual(['1.60']);
    });

    it('and additional rates on the same item each follow their own rule', () => {
      const charges = taxCharges(item('12.00'), [vat({ id: 1 }), rate({ id: 2, amount: new Decimal('0.1') })]);
      expect(summary(charges)).toEqual([
        { rate: 1, amount: '2.00', included: true, label: 'VAT 20.0% (Included in Price)' },
        { rate: 2, amount: '1.20', included: false, label: 'Sales Tax 10.0%' },
      ]);
    });
  });

  describe('labels (Spree TaxRate#create_label)', () => {
    it.each([
      [{}, 'Sales Tax 5.0%'],
      [{ amount: new Decimal('0.075') }, 'Sales Tax 7.5%'],
      [{ amount: new Decimal('0.0825') }, 'Sales Tax 8.25%'],
      [{ showRateInLabel: false }, 'Sales Tax'],
      [{ name: null }, 'Clothing 5.0%'],
      [{ name: '   ' }, 'Clothing 5.0%'],
      [{ name: ' Sales Tax ', showRateInLabel: false, includedInPrice: true }, 'Sales Tax (Included in Price)'],
    ] as Array<[Partial<ApplicableRate>, string]>)('%o gives %p', (overrides, label) => {
      expect(taxLabel(rate(overrides))).toBe(label);
    });
  });

  it('reads rates from JSON rows with exact amounts', () => {
    // In the order of the nested row: id, name, amount, tax category id and name, included in price, rate in label.
    const [read] = applicableRatesFromJson([['7', null, '0.0825', 3, 'Food', false, true]]);
    expect({ ...read, amount: read.amount.toFixed() }).toEqual({
      id: 7,
      name: null,
      amount: '0.0825',
      taxCategoryId: 3,
      taxCategoryName: 'Food',
      includedInPrice: false,
      showRateInLabel: true,
    });
  });

  it("finds rates by the address's country or state, else the default tax zone", () => {
    const sql = applicableRatesJson('o_country', 'o_state');
    expect(sql).toContain('WHEN o_country IS NULL THEN z.default_tax');
    expect(sql).toContain('zm.zoneable_id = o_country');
    expect(sql).toContain('zm.zoneable_id = o_state');
  });
});
