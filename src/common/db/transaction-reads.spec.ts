import { readsOnly } from './transaction-reads';

describe('readsOnly', () => {
  it('is true of plain reads only', () => {
    expect(readsOnly('SELECT o.id FROM orders o WHERE o.id = $1')).toBe(true);
    expect(readsOnly('  select 1')).toBe(true);
    expect(readsOnly('(SELECT 1) UNION (SELECT 2)')).toBe(true);
    expect(readsOnly('SELECT id FROM promotions WHERE id = 1 FOR UPDATE')).toBe(false);
    expect(readsOnly('SELECT * FROM stock_items FOR NO KEY UPDATE OF si')).toBe(false);
    expect(readsOnly('SELECT 1 FOR SHARE')).toBe(false);
    expect(readsOnly('WITH moved AS (UPDATE orders SET state = $1 RETURNING id) SELECT id FROM moved')).toBe(false);
    expect(readsOnly('UPDATE orders SET state = $1')).toBe(false);
    expect(readsOnly('INSERT INTO events (type) VALUES ($1)')).toBe(false);
    expect(readsOnly('COMMIT')).toBe(false);
    expect(readsOnly('SAVEPOINT typeorm_1')).toBe(false);
  });
});
