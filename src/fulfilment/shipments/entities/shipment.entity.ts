import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('shipments')
export class Shipment {
  @PrimaryGeneratedColumn() id: number;
  @Column() orderId: number;
  @Column() number: string;
  @Column() stockLocationId: number;
  @Column() state: string;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) cost: string;
  @Column({ type: 'varchar', nullable: true }) tracking: string | null;
  @Column({ type: 'timestamptz', nullable: true }) shippedAt: Date | null;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) adjustmentTotal: string;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) additionalTaxTotal: string;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) includedTaxTotal: string;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) promoTotal: string;
  @Column({ type: 'numeric', precision: 12, scale: 4, nullable: true }) preTaxAmount: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
