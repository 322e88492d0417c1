import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A card as a payment source: never the number or verification value, only what may be shown plus the gateway's profile. */
@Entity('credit_cards')
export class CreditCard {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'int', nullable: true }) userId: number | null;
  @Column({ type: 'int', nullable: true }) paymentMethodId: number | null;
  @Column() month: number;
  @Column() year: number;
  @Column({ type: 'varchar', nullable: true }) ccType: string | null;
  @Column() lastDigits: string;
  @Column({ type: 'varchar', nullable: true }) name: string | null;
  @Column({ type: 'varchar', nullable: true }) gatewayCustomerProfileId: string | null;
  @Column({ type: 'varchar', nullable: true }) gatewayPaymentProfileId: string | null;
  /** The customer's chosen default among their saved cards (at most one live one per user). */
  @Column({ name: 'default', default: false }) isDefault: boolean;
  /** Removed by its owner: kept for the payments that used it, never offered again. */
  @Column({ type: 'timestamptz', nullable: true }) deletedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
