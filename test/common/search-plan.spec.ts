import { DataSource } from 'typeorm';
import { SearchBuilder, SearchSpec } from '../../src/common/listing/list-query';

// The SQL a search builds (no database needed: only the query text is read).
describe('search plan', () => {
  const db = new DataSource({ type: 'postgres' });
  const spec: SearchSpec = {
    attributes: {
      name: { expression: 'o.name', type: 'string' },
      shipments_number: { expression: 'sh.number', type: 'string', exists: { from: 'shipments sh', where: 'sh.order_id = o.id' } },
      shipments_tracking: { expression: 'sh.tracking', type: 'string', exists: { from: 'shipments sh', where: 'sh.order_id = o.id' } },
      user_email: { expression: '(SELECT u.email FROM users u WHERE u.id = o.user_id)', type: 'string', lookup: { column: 'o.user_id', from: 'users u', key: 'u.id', expression: 'u.email' } },
      user_login: { expression: '(SELECT u.login FROM users u WHERE u.id = o.user_id)', type: 'string', lookup: { column: 'o.user_id', from: 'users u', key: 'u.id', expression: 'u.login' } },
    },
    defaultOrder: { 'o.id': 'ASC' },
  };
  const where = (q: Record<string, unknown>) => {
    const qb = db.createQueryBuilder().select('o.id').from('orders', 'o');
    new SearchBuilder(qb, spec).search(q);
    return qb.getQueryAndParameters();
  };

  it('puts the _or_ terms through one association into one subquery', () => {
    const [sql, parameters] = where({ shipments_number_or_name_or_shipments_tracking_or_user_email_or_user_login_cont: 'H1' });
    expect(sql.match(/EXISTS/g)).toHaveLength(1);
    expect(sql.match(/ANY\(ARRAY/g)).toHaveLength(1);
    expect(sql).toContain('EXISTS (SELECT 1 FROM shipments sh WHERE sh.order_id = o.id AND (sh.number ILIKE $1 OR sh.tracking ILIKE $2))');
    expect(sql).toContain('o.user_id = ANY(ARRAY(SELECT u.id FROM users u WHERE (u.email ILIKE $4 OR u.login ILIKE $5)))');
    expect(parameters).toHaveLength(5);
  });

  it('reads a term repeated once', () => {
    const [sql, parameters] = where({ shipments_number_or_shipments_number_or_name_or_name_eq: 'H1' });
    expect(sql).toContain('(EXISTS (SELECT 1 FROM shipments sh WHERE sh.order_id = o.id AND sh.number = $1) OR o.name = $2)');
    expect(parameters).toEqual(['H1', 'H1']);
  });

  it('keeps each key a condition of its own', () => {
    const [sql] = where({ shipments_number_start: 'H1', shipments_tracking_end: '9' });
    expect(sql.match(/EXISTS/g)).toHaveLength(2);
  });
});
