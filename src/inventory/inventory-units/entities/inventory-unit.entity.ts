import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** One unit of a variant in a shipment: `on_hand` or `backordered` until shipped or returned. */
export type InventoryUnitState = 'on_hand' | 'backordered' | 'shipped' | 'returned';

@Entity('inventory_units')
export class InventoryUnit {
  @PrimaryGeneratedColumn() id: number;
  @Column() orderId: number;
  @Column({ type: 'int', nullable: true }) shipmentId: number | null;
  @Column({ type: 'int', nullable: true }) lineItemId: number | null;
  @Column() variantId: number;
  @Column({ type: 'varchar' }) state: InventoryUnitState;
  /** True until the order completes and the unit's stock is taken. */
  @Column() pending: boolean;
  @Column({ type: 'int', nullable: true }) returnAuthorizationId: number | null;
  @Column() lockVersion: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
