import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { MoneyThreePlaces1765300000000 } from '../../src/database/migrations/1765300000000-MoneyThreePlaces';
import { freshDatabaseUrl } from '../support/database';

/*
 * The money columns go from numeric(10,2) to numeric(11,3) and back: amounts are kept, and going back is refused
 * while an amount has a third place (it would be rounded).
 */
describe('migration MoneyThreePlaces', () => {
  it('widens every money column to 3 places and back; refuses to go back over a 3-place amount', async () => {
    const ds = new DataSource(dataSourceOptions(await freshDatabaseUrl()));
    await ds.initialize();
    const q = ds.createQueryRunner();
    const migration = new MoneyThreePlaces1765300000000();
    const scales = async () =>
      (
        await q.query(
          `SELECT numeric_precision AS p, numeric_scale AS s, count(*)::int AS n FROM information_schema.columns
            WHERE table_schema = 'public' AND data_type = 'numeric' AND column_name NOT IN ('pre_tax_amount', 'percent', 'weight', 'height', 'width', 'depth')
              AND table_name <> 'tax_rates' GROUP BY 1, 2`,
        )
      ).map((r: { p: number; s: number; n: number }) => `${r.n} × numeric(${r.p},${r.s})`);
    const [{ id }] = await q.query(`SELECT id FROM shipping_methods ORDER BY id LIMIT 1`);
    const amount = async () => (await q.query(`SELECT calculator_amount::text AS a FROM shipping_methods WHERE id = $1`, [id]))[0].a;
    try {
      expect(await scales()).toEqual(['27 × numeric(11,3)']);
      await q.query(`UPDATE shipping_methods SET calculator_amount = 1.125 WHERE id = $1`, [id]);
      await expect(migration.down(q)).rejects.toThrow(
        'MoneyThreePlaces cannot be reverted: 1 row(s) of shipping_methods hold an amount with 3 decimal places (a currency such as KWD), which numeric(10,2) would round',
      );
      expect(await amount()).toBe('1.125');

      await q.query(`UPDATE shipping_methods SET calculator_amount = 1.13 WHERE id = $1`, [id]);
      await migration.down(q);
      expect(await scales()).toEqual(['27 × numeric(10,2)']);
      expect(await amount()).toBe('1.13');
      await migration.up(q);
      expect(await scales()).toEqual(['27 × numeric(11,3)']);
      expect(await amount()).toBe('1.130');
    } finally {
      await q.release();
      await ds.destroy();
    }
  });
});
