import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type AdjustableType = 'Spree::Order' | 'Spree::LineItem' | 'Spree::Shipment';

/** A charge or credit on an order, line item or shipment: taxes, and promotion discounts on the order. */
@Entity('adjustments')
export class Adjustment {
  @PrimaryGeneratedColumn() id: number;
  @Column() orderId: number;
  @Column({ type: 'varchar' }) adjustableType: AdjustableType;
  @Column() adjustableId: number;
  @Column({ type: 'varchar', nullable: true }) sourceType: string | null;
  @Column({ type: 'int', nullable: true }) sourceId: number | null;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) amount: string;
  @Column() label: string;
  @Column() mandatory: boolean;
  @Column() eligible: boolean;
  /** Tax already inside the price (VAT): shown, but not added to the total. */
  @Column() included: boolean;
  @Column() state: string;
  /** A promotion's discount: the coupon code it was applied with, kept should the promotion go. */
  @Column({ type: 'varchar', nullable: true }) promotionCode: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
