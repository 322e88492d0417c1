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

  it('joins an association named by several keys once, each key a test of its own', () => {
    const [sql, parameters] = where({ shipments_number_start: 'H1', shipments_tracking_end: '9', name_or_shipments_number_cont: 'X', user_email_cont: 'a', user_login_or_name_eq: 'b' });
    expect(parameters).toEqual(['H1%', '%9', '%X%', '%X%', '%a%', 'b', 'b']);
    expect(sql).not.toContain('EXISTS');
    expect(sql).not.toContain('ANY(ARRAY');
    // Each key still asks whether some shipment matches it: not one shipment matching them all.
    expect(sql).toContain(
      'LEFT JOIN ((SELECT) sh_any_from CROSS JOIN LATERAL (SELECT bool_or(sh.number ILIKE $1) AS k0, bool_or(sh.tracking ILIKE $2) AS k1, bool_or(sh.number ILIKE $3) AS k2 FROM shipments sh WHERE sh.order_id = o.id OFFSET 0) sh_any_row) "sh_any" ON true',
    );
    expect(sql.match(/LEFT JOIN "users" "u" ON u\.id = o\.user_id/g)).toHaveLength(1);
    expect(sql).toContain('WHERE (sh_any.k0) AND (sh_any.k1) AND (o.name ILIKE $4 OR sh_any.k2) AND (u.email ILIKE $5) AND (u.login = $6 OR o.name = $7)');
  });
});
