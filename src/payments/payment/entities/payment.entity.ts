import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PaymentState } from '../payment-states';

@Entity('payments')
export class Payment {
  @PrimaryGeneratedColumn() id: number;
  @Column() orderId: number;
  @Column() paymentMethodId: number;
  @Column({ type: 'varchar', nullable: true }) sourceType: string | null;
  @Column({ type: 'int', nullable: true }) sourceId: number | null;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) amount: string;
  /** Store staff set the amount (a part of a split payment): it does not follow the order's total in checkout. */
  @Column({ default: false }) amountFixed: boolean;
  @Column({ type: 'varchar' }) state: PaymentState;
  @Column({ type: 'varchar', nullable: true }) responseCode: string | null;
  @Column({ type: 'varchar', nullable: true }) avsResponse: string | null;
  @Column() identifier: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
