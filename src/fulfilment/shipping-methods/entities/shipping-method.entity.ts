import { Column, CreateDateColumn, Entity, JoinTable, ManyToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ShippingCategory } from '../../../catalog/shipping-categories/entities/shipping-category.entity';
import type { Zone } from '../../../geography/zones/entities/zone.entity';

/** Spree's shipping calculators that we support. */
export type ShippingCalculatorType = 'flat_rate' | 'per_item' | 'flat_percent_item_total';

@Entity('shipping_methods')
export class ShippingMethod {
  @PrimaryGeneratedColumn() id: number;
  @Column() name: string;
  @Column({ type: 'varchar', nullable: true }) adminName: string | null;
  @Column({ type: 'varchar', nullable: true }) code: string | null;
  @Column({ type: 'varchar', nullable: true }) displayOn: string | null;
  @Column({ type: 'varchar', nullable: true }) trackingUrl: string | null;
  @Column({ type: 'varchar' }) calculatorType: ShippingCalculatorType;
  /** Decimal string: the flat amount, the amount per item, or the percent. */
  @Column({ type: 'numeric', precision: 11, scale: 3 }) calculatorAmount: string;
  @Column({ type: 'char', length: 3 }) calculatorCurrency: string;
  @Column({ type: 'int', nullable: true }) taxCategoryId: number | null;
  @Column({ type: 'timestamptz', nullable: true }) deletedAt: Date | null;
  @ManyToMany('ShippingCategory')
  @JoinTable({ name: 'shipping_method_categories', joinColumn: { name: 'shipping_method_id' }, inverseJoinColumn: { name: 'shipping_category_id' } })
  shippingCategories?: ShippingCategory[];
  @ManyToMany('Zone')
  @JoinTable({ name: 'shipping_method_zones', joinColumn: { name: 'shipping_method_id' }, inverseJoinColumn: { name: 'zone_id' } })
  zones?: Zone[];
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
