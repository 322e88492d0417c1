import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { FieldErrorCollector, InvalidResourceError, NotFoundError } from '../../common/errors/api-errors';
import { ShipmentsService } from '../../fulfilment/shipments/shipments.service';
import { UpdateInventoryUnitDto } from '../../inventory/inventory-units/dto/inventory-unit.dto';
import { InventoryUnit } from '../../inventory/inventory-units/entities/inventory-unit.entity';
import { inventoryUnitTransition } from '../../inventory/inventory-units/inventory-unit-states';
import { changeUnit } from '../../inventory/inventory-units/inventory-unit-writes';
import { InventoryUnitsService } from '../../inventory/inventory-units/inventory-units.service';
import { OrderActionRunner } from '../order-action-runner';

/**
 * The back office's change of an inventory unit: move it to another
 * shipment or variant, fire a state event. Run by the OrderActionRunner with
 * its order locked; the order is recomputed after a change, since
 * backordered units decide shipment states.
 */
@Injectable()
export class InventoryUnitActions {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly runner: OrderActionRunner,
    private readonly units: InventoryUnitsService,
    private readonly shipments: ShipmentsService,
  ) {}

  /**
   * Applies `inventory_unit[...]`, then fires `event` when given. An event
   * the unit's state does not allow is refused before anything is written
   * (Spree checks it before the update).
   */
  async update(id: number, params: UpdateInventoryUnitDto, event: string | null | undefined): Promise<InventoryUnit> {
    const { orderId } = await this.units.find(id);
    const [order]: Array<{ number: string }> = await this.dataSource.query(`SELECT number FROM orders WHERE id = $1`, [orderId]);
    if (!order) throw new NotFoundError();

    return this.runner.run(order.number, async (change) => {
      const { em, order: lockedOrder } = change;
      const unit = await em.createQueryBuilder(InventoryUnit, 'iu').setLock('pessimistic_write').where('iu.id = :id', { id }).getOne();
      if (!unit || unit.orderId !== lockedOrder.id) throw new NotFoundError();

      if (params.lock_version !== undefined && params.lock_version !== null && params.lock_version !== unit.lockVersion) {
        throw InvalidResourceError.field('lock_version', 'is stale: the inventory unit was changed by another request, reload it and try again');
      }
      let nextState = unit.state;
      if (event) {
        const next = inventoryUnitTransition(unit.state, event);
        if (!next) throw InvalidResourceError.field('state', `cannot transition to ${event}`);
        nextState = next;
      }

      const errors = new FieldErrorCollector();
      const shipmentField = params.shipment_id !== undefined ? 'shipment_id' : 'shipment';
      const shipmentId = params.shipment_id !== undefined ? params.shipment_id : params.shipment;
      if (shipmentId !== undefined && shipmentId !== null) {
        const found = await em.query(`SELECT 1 FROM shipments WHERE id = $1 AND order_id = $2`, [shipmentId, unit.orderId]);
        if (found.length === 0) errors.add(shipmentField, 'must be a shipment of the same order');
      }
      if (params.variant_id === null) errors.add('variant_id', "can't be blank");
      else if (params.variant_id !== undefined) {
        const found = await em.query(`SELECT 1 FROM variants WHERE id = $1`, [params.variant_id]);
        if (found.length === 0) errors.add('variant_id', 'does not exist');
      }
      errors.throwIfAny();

      const next = {
        shipmentId: shipmentId === undefined ? unit.shipmentId : shipmentId,
        variantId: params.variant_id ?? unit.variantId,
        state: nextState,
      };
      const changed = next.shipmentId !== unit.shipmentId || next.variantId !== unit.variantId || next.state !== unit.state;
      if (!changed) {
        change.unchanged();
        return unit;
      }

      await changeUnit(em, unit.id, unit.state, next);
      // Spree touches the shipment a unit belongs to (before and after a move).
      await this.shipments.touch(em, [unit.shipmentId, next.shipmentId].filter((s): s is number => s !== null));
      return em.findOneByOrFail(InventoryUnit, { id: unit.id });
    });
  }
}
