import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PaymentMethodType } from '../../payment/gateways/payment-providers';

@Entity('payment_methods')
export class PaymentMethod {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar' }) type: PaymentMethodType;
  @Column() name: string;
  @Column({ type: 'text', nullable: true }) description: string | null;
  @Column() active: boolean;
  @Column() environment: string;
  @Column({ type: 'varchar', nullable: true }) displayOn: string | null;
  @Column({ type: 'boolean', nullable: true }) autoCapture: boolean | null;
  @Column({ type: 'jsonb' }) preferences: Record<string, unknown>;
  @Column({ type: 'timestamptz', nullable: true }) deletedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
