import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Variant } from './variant.entity';

/** A variant's price in one currency (Spree keeps prices apart from variants). */
@Entity('prices')
export class Price {
  @PrimaryGeneratedColumn() id: number;
  @Column() variantId: number;
  @ManyToOne('Variant', (variant: Variant) => variant.prices, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'variant_id' })
  variant?: Variant;
  /** Decimal string, e.g. "19.99". */
  @Column({ type: 'numeric', precision: 11, scale: 3, nullable: true }) amount: string | null;
  @Column({ type: 'char', length: 3 }) currency: string;
}
