import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The money columns keep 3 decimal places (issue 31): a store can sell in currencies whose minor unit is a
 * thousandth (KWD, BHD, JOD, OMR, TND, IQD, LYD: ISO 4217 exponent 3). numeric(10,2) becomes numeric(11,3): one
 * more place, the same 8 integer digits, so the largest amount (99,999,999.99 in a currency of 2 places) and every
 * refusal of a larger one stay as they were. PostgreSQL then writes every amount with 3 places ("19.990"): every
 * read goes through the money helpers (`moneyIn`, `moneyString`), which write it in its currency's places, so the
 * JSON is unchanged ("19.99"; docs/architecture.md, Money and currencies).
 *
 * Measured against the alternative, an unconstrained `numeric` keeping the scale each value is written with: its
 * column defaults write "0" (not "0.00"), `COALESCE(sum(…), 0)` over no rows gives "0", a product with a rate has 4
 * or 5 places and a division 16, so the text would depend on how a value was computed; and it has no bound, so
 * every write would need one. A fixed scale is one rule, checked by PostgreSQL.
 *
 * The change rewrites each table (its scale changes) under an ACCESS EXCLUSIVE lock: run it when the store is
 * quiet. Going back refuses when an amount has a third place (a KWD order's): it would be rounded.
 */
const MONEY_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  prices: ['amount'],
  variants: ['cost_price'],
  shipping_methods: ['calculator_amount'],
  promotions: ['amount'],
  orders: ['item_total', 'shipment_total', 'adjustment_total', 'promo_total', 'included_tax_total', 'additional_tax_total', 'payment_total', 'total'],
  line_items: ['price', 'cost_price', 'adjustment_total', 'additional_tax_total', 'included_tax_total', 'promo_total'],
  shipments: ['cost', 'adjustment_total', 'additional_tax_total', 'included_tax_total', 'promo_total'],
  shipping_rates: ['cost'],
  adjustments: ['amount'],
  payments: ['amount'],
  return_authorizations: ['amount'],
};

export class MoneyThreePlaces1765300000000 implements MigrationInterface {
  name = 'MoneyThreePlaces1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await alterMoneyColumns(q, 'numeric(11,3)');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [table, columns] of Object.entries(MONEY_COLUMNS)) {
      const [found] = await q.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${columns.map((c) => `${c} <> round(${c}, 2)`).join(' OR ')}`);
      if (found.n > 0) {
        throw new Error(
          `MoneyThreePlaces cannot be reverted: ${found.n} row(s) of ${table} hold an amount with 3 decimal places (a currency such as KWD), which numeric(10,2) would round`,
        );
      }
    }
    await alterMoneyColumns(q, 'numeric(10,2)');
  }
}

/** One ALTER TABLE per table: its columns change in one rewrite. */
async function alterMoneyColumns(q: QueryRunner, type: string): Promise<void> {
  for (const [table, columns] of Object.entries(MONEY_COLUMNS)) {
    await q.query(`ALTER TABLE ${table} ${columns.map((c) => `ALTER COLUMN ${c} TYPE ${type}`).join(', ')}`);
  }
}
