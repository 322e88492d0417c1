import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Spree's payment method types that we implement. */
export type PaymentMethodType = 'Spree::Gateway::Bogus' | 'Spree::PaymentMethod::Check';

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
