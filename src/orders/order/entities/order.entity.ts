import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Address } from '../../../geography/addresses/entities/address.entity';
import type { OrderState } from '../order-states';

@Entity('orders')
export class Order {
  @PrimaryGeneratedColumn() id: number;
  @Column() number: string;
  @Column({ type: 'varchar' }) state: OrderState;
  @Column({ type: 'int', nullable: true }) userId: number | null;
  @Column({ type: 'int', nullable: true }) createdById: number | null;
  @Column({ type: 'varchar', nullable: true }) email: string | null;
  /** SHA-256 of the guest's order token (hex): what a sent token is checked against (order-access.guard.ts). */
  @Column({ type: 'char', length: 64 }) tokenDigest: string;
  /** The token itself, sealed with SECRET_KEY: opened only to show it to whoever may read the order, as Spree does (OrderTokens). */
  @Column({ type: 'text' }) tokenSealed: string;
  @Column({ type: 'char', length: 3 }) currency: string;
  @Column() channel: string;
  @Column({ type: 'text', nullable: true }) specialInstructions: string | null;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) itemTotal: string;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) shipmentTotal: string;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) adjustmentTotal: string;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) promoTotal: string;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) includedTaxTotal: string;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) additionalTaxTotal: string;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) paymentTotal: string;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) total: string;
  @Column() itemCount: number;
  @Column({ type: 'varchar', nullable: true }) paymentState: string | null;
  @Column({ type: 'varchar', nullable: true }) shipmentState: string | null;
  @Column({ type: 'int', nullable: true }) billAddressId: number | null;
  @ManyToOne('Address') @JoinColumn({ name: 'bill_address_id' }) billAddress?: Address | null;
  @Column({ type: 'int', nullable: true }) shipAddressId: number | null;
  @ManyToOne('Address') @JoinColumn({ name: 'ship_address_id' }) shipAddress?: Address | null;
  @Column({ type: 'timestamptz', nullable: true }) completedAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) canceledAt: Date | null;
  @Column({ type: 'int', nullable: true }) cancelerId: number | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
