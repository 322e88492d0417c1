import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** What one shipping method would charge for one shipment; at most one per shipment is selected. */
@Entity('shipping_rates')
export class ShippingRate {
  @PrimaryGeneratedColumn() id: number;
  @Column() shipmentId: number;
  @Column() shippingMethodId: number;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) cost: string;
  @Column() selected: boolean;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
