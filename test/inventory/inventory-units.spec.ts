import { INVALID, NOT_FOUND } from '../support/error-bodies';
import { OpenApiDocument, responseSchema, shapeProblems } from '../support/openapi-shape';
import { PlacedOrder, placedOrder, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/inventory_units_controller_spec.rb,
// plus the state table of core/app/models/spree/inventory_unit.rb and the contract's
// admin-only rule (non-admins: 404) and 422 bodies.
interface UnitRow {
  id: number;
  order_id: number;
  shipment_id: number | null;
  variant_id: number;
  state: string;
  lock_version: number;
}

describe('inventory units', () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    owner = await createUser(t.db);
    doc = (await t.http().get('/api/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  const unitRow = async (id: number): Promise<UnitRow> =>
    (await t.db.query('SELECT id, order_id, shipment_id, variant_id, state, lock_version FROM inventory_units WHERE id = $1', [id]))[0];
  const orderRow = async (id: number) => (await t.db.query('SELECT state, shipment_state, payment_state, updated_at FROM orders WHERE id = $1', [id]))[0];

  /** A placed order of the owner's (`placedOrder`) with its inventory units, oldest first. */
  async function withUnits(placing: Promise<PlacedOrder>): Promise<{ order: PlacedOrder; units: UnitRow[]; variantId: number }> {
    const order = await placing;
    const units: UnitRow[] = await t.db.query('SELECT id, order_id, shipment_id, variant_id, state, lock_version FROM inventory_units WHERE order_id = $1 ORDER BY id', [order.id]);
    return { order, units, variantId: order.variantId };
  }

  function expectDocumented(body: unknown, method: string, path: string, status: number): void {
    expect(shapeProblems(doc, responseSchema(doc, path, method, status), body)).toEqual([]);
  }

  describe('as an admin', () => {
    it('gets an inventory unit', async () => {
      const { units, variantId } = await withUnits(placedOrder(t, { auth: owner.auth }));
      const unit = units[0];
      const res = await t.http().get(`/api/inventory_units/${unit.id}`).set(admin.auth).expect(200);
      expect(res.body).toEqual({ id: unit.id, lock_version: unit.lock_version, state: 'on_hand', variant_id: variantId, shipment_id: unit.shipment_id, return_authorization_id: null });
      expect(unit.shipment_id).not.toBeNull();
      expectDocumented(res.body, 'get', '/api/inventory_units/{id}', 200);
      await t.http().get(`/api/inventory_units/${unit.id}.json`).set(admin.auth).expect(200);
    });

    it('answers 404 for a unit that does not exist', async () => {
      await t.http().get('/api/inventory_units/999999').set(admin.auth).expect(404, NOT_FOUND);
      await t.http().get('/api/inventory_units/abc').set(admin.auth).expect(404, NOT_FOUND);
      await t.http().put('/api/inventory_units/999999').set(admin.auth).query({ fire: 'ship' }).expect(404, NOT_FOUND);
    });

    it('updates an inventory unit (only shipment is accessible by default)', async () => {
      const { units } = await withUnits(placedOrder(t, { auth: owner.auth }));
      const unit = units[0];
      const res = await t.http().put(`/api/inventory_units/${unit.id}`).set(admin.auth).send({ inventory_unit: { shipment: null, state: 'returned', order_id: 1 } }).expect(200);
      expect(res.body).toMatchObject({ id: unit.id, shipment_id: null, state: 'on_hand', lock_version: unit.lock_version + 1 });
      expectDocumented(res.body, 'put', '/api/inventory_units/{id}', 200);
      expect(await unitRow(unit.id)).toMatchObject({ shipment_id: null, state: 'on_hand', order_id: unit.order_id, lock_version: unit.lock_version + 1 });
    });

    it('moves a unit to another shipment of its order, never to a shipment of another order', async () => {
      const { order, units } = await withUnits(placedOrder(t, { auth: owner.auth }));
      const other = await withUnits(placedOrder(t, { auth: owner.auth }));
      const unit = units[0];
      const res = await t.http().put(`/api/inventory_units/${unit.id}`).set(admin.auth).send({ inventory_unit: { shipment_id: other.units[0].shipment_id } }).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { shipment_id: ['must be a shipment of the same order'] } });
      expectDocumented(res.body, 'put', '/api/inventory_units/{id}', 422);
      expect(await unitRow(unit.id)).toEqual(unit);

      const [second] = await t.db.query(
        `INSERT INTO shipments (order_id, number, stock_location_id, state, cost) SELECT order_id, 'H' || id || 'X', stock_location_id, state, 0 FROM shipments WHERE id = $1 RETURNING id`,
        [unit.shipment_id],
      );
      await t.http().put(`/api/inventory_units/${unit.id}`).set(admin.auth).send({ inventory_unit: { shipment_id: String(second.id) } }).expect(200);
      expect((await unitRow(unit.id)).shipment_id).toBe(second.id);
      expect((await unitRow(unit.id)).order_id).toBe(order.id);
    });

    it('changes the variant to an existing one; refuses one that does not exist or cannot be read', async () => {
      const { units } = await withUnits(placedOrder(t, { auth: owner.auth }));
      const unit = units[0];
      const replacement = await stockedProduct(t.db);
      const missing = await t.http().put(`/api/inventory_units/${unit.id}`).set(admin.auth).send({ inventory_unit: { variant_id: 999999 } }).expect(422);
      expect(missing.body).toEqual({ error: INVALID, errors: { variant_id: ['does not exist'] } });
      const unreadable = await t.http().put(`/api/inventory_units/${unit.id}`).set(admin.auth).send({ inventory_unit: { variant_id: 'many' } }).expect(422);
      expect(unreadable.body).toEqual({ error: INVALID, errors: { variant_id: ['is not a number'] } });
      expect(await unitRow(unit.id)).toEqual(unit);
      const res = await t.http().put(`/api/inventory_units/${unit.id}`).type('form').set(admin.auth).send(`inventory_unit[variant_id]=${replacement.masterVariantId}`).expect(200);
      expect(res.body.variant_id).toBe(replacement.masterVariantId);
    });

    it('an update that changes nothing keeps the lock version', async () => {
      const { units } = await withUnits(placedOrder(t, { auth: owner.auth }));
      const unit = units[0];
      const res = await t.http().put(`/api/inventory_units/${unit.id}`).set(admin.auth).send({ inventory_unit: { shipment_id: unit.shipment_id } }).expect(200);
      expect(res.body.lock_version).toBe(unit.lock_version);
      await t.http().put(`/api/inventory_units/${unit.id}`).set(admin.auth).expect(200);
      expect(await unitRow(unit.id)).toEqual(unit);
    });

    it('refuses a stale lock_version and changes nothing', async () => {
      const { units } = await withUnits(placedOrder(t, { auth: owner.auth }));
      const unit = units[0];
      await t.http().put(`/api/inventory_units/${unit.id}`).set(admin.auth).send({ inventory_unit: { shipment: null } }).expect(200);
      const res = await t.http().put(`/api/inventory_units/${unit.id}`).set(admin.auth).send({ fire: 'ship', inventory_unit: { lock_version: unit.lock_version } }).expect(422);
      expect(res.body.error).toBe(INVALID);
      expect(Object.keys(res.body.errors)).toEqual(['lock_version']);
      expect(await unitRow(unit.id)).toMatchObject({ state: 'on_hand', lock_version: unit.lock_version + 1 });
      await t.http().put(`/api/inventory_units/${unit.id}`).set(admin.auth).send({ fire: 'ship', inventory_unit: { lock_version: unit.lock_version + 1 } }).expect(200);
      expect(await unitRow(unit.id)).toMatchObject({ state: 'shipped', lock_version: unit.lock_version + 2 });
    });

    describe('fires state event', () => {
      it('if supplied with :fire param', async () => {
        const { units } = await withUnits(placedOrder(t, { auth: owner.auth }));
        const unit = units[0];
        const res = await t.http().put(`/api/inventory_units/${unit.id}`).set(admin.auth).send({ fire: 'ship', inventory_unit: { shipment: null } }).expect(200);
        expect(res.body).toMatchObject({ state: 'shipped', shipment_id: null });
        expect(await unitRow(unit.id)).toMatchObject({ state: 'shipped', shipment_id: null, lock_version: unit.lock_version + 1 });
      });

      it('reads fire from the query string too, and ships then returns a unit', async () => {
        const { units } = await withUnits(placedOrder(t, { auth: owner.auth }));
        const unit = units[0];
        await t.http().put(`/api/inventory_units/${unit.id}?fire=ship`).set(admin.auth).expect(200);
        const res = await t.http().put(`/api/inventory_units/${unit.id}`).type('form').set(admin.auth).send('fire=return').expect(200);
        expect(res.body.state).toBe('returned');
        expect((await unitRow(unit.id)).state).toBe('returned');
      });

      it('and returns an error if it cannot fire (return an on-hand unit); nothing is written', async () => {
        const { units } = await withUnits(placedOrder(t, { auth: owner.auth }));
        const unit = units[0];
        const res = await t.http().put(`/api/inventory_units/${unit.id}`).set(admin.auth).send({ fire: 'return', inventory_unit: { shipment: null } }).expect(422);
        expect(res.body).toEqual({ error: INVALID, errors: { state: ['cannot transition to return'] } });
        expectDocumented(res.body, 'put', '/api/inventory_units/{id}', 422);
        expect(await unitRow(unit.id)).toEqual(unit);
      });

      it('and returns an error for a bad state event', async () => {
        const { units } = await withUnits(placedOrder(t, { auth: owner.auth }));
        const unit = units[0];
        for (const event of ['bad', 'constructor', 'toString', '__proto__']) {
          const res = await t.http().put(`/api/inventory_units/${unit.id}`).set(admin.auth).send({ fire: event }).expect(422);
          expect(res.body).toEqual({ error: INVALID, errors: { state: [`cannot transition to ${event}`] } });
        }
        const res = await t.http().put(`/api/inventory_units/${unit.id}`).set(admin.auth).send({ fire: { event: 'ship' } }).expect(422);
        expect(res.body.errors).toEqual({ fire: ['is invalid'] });
        expect(await unitRow(unit.id)).toEqual(unit);
      });

      it('follows the state table: a shipped unit cannot ship again, a backordered one cannot ship before it is filled', async () => {
        const shipped = (await withUnits(placedOrder(t, { auth: owner.auth }))).units[0];
        await t.http().put(`/api/inventory_units/${shipped.id}`).set(admin.auth).send({ fire: 'ship' }).expect(200);
        await t.http().put(`/api/inventory_units/${shipped.id}`).set(admin.auth).send({ fire: 'ship' }).expect(422);
        await t.http().put(`/api/inventory_units/${shipped.id}`).set(admin.auth).send({ fire: 'fill_backorder' }).expect(422);

        const backordered = (await withUnits(placedOrder(t, { auth: owner.auth, onHand: 0, backorderable: true }))).units[0];
        expect(backordered.state).toBe('backordered');
        const res = await t.http().put(`/api/inventory_units/${backordered.id}`).set(admin.auth).send({ fire: 'ship' }).expect(422);
        expect(res.body.errors).toEqual({ state: ['cannot transition to ship'] });
        await t.http().put(`/api/inventory_units/${backordered.id}`).set(admin.auth).send({ fire: 'return' }).expect(422);
        expect(await unitRow(backordered.id)).toEqual(backordered);
      });

      it('fill_backorder puts a backordered unit on hand and recomputes the order’s shipment state', async () => {
        const { order, units } = await withUnits(placedOrder(t, { auth: owner.auth, onHand: 0, backorderable: true, quantity: 2 }));
        expect(units.map((u) => u.state)).toEqual(['backordered', 'backordered']);
        expect((await orderRow(order.id)).shipment_state).toBe('backorder');

        await t.http().put(`/api/inventory_units/${units[0].id}`).set(admin.auth).send({ fire: 'fill_backorder' }).expect(200);
        expect((await unitRow(units[0].id)).state).toBe('on_hand');
        expect((await orderRow(order.id)).shipment_state).toBe('backorder');

        const res = await t.http().put(`/api/inventory_units/${units[1].id}`).set(admin.auth).send({ fire: 'fill_backorder' }).expect(200);
        expect(res.body).toMatchObject({ id: units[1].id, state: 'on_hand', lock_version: units[1].lock_version + 1 });
        // No unit is backordered any more: the shipment waits only for the payment (authorized, not captured).
        const row = await orderRow(order.id);
        expect(row).toMatchObject({ state: 'complete', payment_state: 'balance_due', shipment_state: 'pending' });
        const shipments = await t.db.query('SELECT state FROM shipments WHERE order_id = $1', [order.id]);
        expect(shipments).toEqual([{ state: 'pending' }]);
      });

      it('fill_backorder moves no stock (the backordered unit already took it)', async () => {
        const { units, variantId } = await withUnits(placedOrder(t, { auth: owner.auth, onHand: 0, backorderable: true }));
        const count = async () => (await t.db.query('SELECT count_on_hand FROM stock_items WHERE variant_id = $1', [variantId]))[0].count_on_hand;
        expect(await count()).toBe(-1);
        await t.http().put(`/api/inventory_units/${units[0].id}`).set(admin.auth).send({ fire: 'fill_backorder' }).expect(200);
        expect(await count()).toBe(-1);
      });
    });
  });

  describe('as anyone else', () => {
    it('the order’s owner, another user or a guest cannot see a unit: 404', async () => {
      const { order, units } = await withUnits(placedOrder(t, { auth: owner.auth }));
      const stranger = await createUser(t.db);
      await t.http().get(`/api/inventory_units/${units[0].id}`).set(owner.auth).expect(404, NOT_FOUND);
      await t.http().get(`/api/inventory_units/${units[0].id}`).set(stranger.auth).expect(404, NOT_FOUND);
      await t.http().get(`/api/inventory_units/${units[0].id}`).set(order.guest).expect(404, NOT_FOUND);
      await t.http().get(`/api/inventory_units/${units[0].id}`).expect(404, NOT_FOUND);
    });

    it('cannot update a unit or fire an event: 404 and nothing changes', async () => {
      const { order, units } = await withUnits(placedOrder(t, { auth: owner.auth }));
      const unit = units[0];
      for (const headers of [owner.auth, order.guest, {}]) {
        await t.http().put(`/api/inventory_units/${unit.id}`).set(headers).send({ fire: 'ship', inventory_unit: { shipment: null } }).expect(404, NOT_FOUND);
      }
      expect(await unitRow(unit.id)).toEqual(unit);
    });
  });
});
