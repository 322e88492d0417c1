import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { InventoryUnit } from './entities/inventory-unit.entity';
import { findOrFail } from '../../common/db/find-or-fail';

/** Inventory units for the back office: read one (its change is an order action, src/order-actions/inventory-units). */
@Injectable()
export class InventoryUnitsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async find(id: number, em: EntityManager = this.dataSource.manager): Promise<InventoryUnit> {
    return findOrFail(em, InventoryUnit, { id });
  }
}
