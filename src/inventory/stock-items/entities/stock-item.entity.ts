import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { StockLocation } from '../../stock-locations/entities/stock-location.entity';
import type { Variant } from '../../../catalog/variants/entities/variant.entity';

@Entity('stock_items')
export class StockItem {
  @PrimaryGeneratedColumn() id: number;
  @Column() stockLocationId: number;
  @ManyToOne('StockLocation', { onDelete: 'CASCADE' }) @JoinColumn({ name: 'stock_location_id' }) stockLocation?: StockLocation;
  @Column() variantId: number;
  @ManyToOne('Variant', { onDelete: 'CASCADE' }) @JoinColumn({ name: 'variant_id' }) variant?: Variant;
  @Column() countOnHand: number;
  @Column() backorderable: boolean;
  /** Bumped by every change to the row (optimistic locking, as Spree). */
  @Column() lockVersion: number;
  @Column({ type: 'timestamptz', nullable: true }) deletedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
