import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

import { DiscountType } from '../../../orders/adjustments/order-promotions';

/** Spree's calculators, kept with the order's discounts (orders/adjustments/order-promotions.ts). */
export { DISCOUNT_TYPES, DiscountType } from '../../../orders/adjustments/order-promotions';

/** A coupon code and its order-level discount (Spree's Promotion with one CreateAdjustment action). */
@Entity('promotions')
export class Promotion {
  @PrimaryGeneratedColumn() id: number;
  @Column() name: string;
  @Column({ type: 'varchar', nullable: true }) description: string | null;
  /** Unique case-insensitively; shoppers may type it in any case. */
  @Column() code: string;
  @Column({ type: 'timestamptz', nullable: true }) startsAt: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) expiresAt: Date | null;
  /** How many completed orders may carry it; null: no limit. */
  @Column({ type: 'int', nullable: true }) usageLimit: number | null;
  @Column({ type: 'varchar' }) discountType: DiscountType;
  /** The flat discount (flat_rate only). */
  @Column({ type: 'numeric', precision: 11, scale: 3, nullable: true }) amount: string | null;
  /**
   * The currency of `amount` (Spree's calculator `preferred_currency`): a flat_rate discount applies to orders in it
   * only. The store currency unless set; null only for rows made before it, until the next start fills them in.
   */
  @Column({ type: 'char', length: 3, nullable: true }) currency: string | null;
  /** The percent of the item total (flat_percent_item_total only). */
  @Column({ type: 'numeric', precision: 5, scale: 2, nullable: true }) percent: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
