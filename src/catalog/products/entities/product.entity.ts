import { Column, CreateDateColumn, Entity, JoinColumn, JoinTable, ManyToMany, ManyToOne, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Variant } from '../../variants/entities/variant.entity';
import type { ShippingCategory } from '../../shipping-categories/entities/shipping-category.entity';
import type { TaxCategory } from '../../../tax/tax-categories/entities/tax-category.entity';
import type { ProductProperty } from '../../properties/entities/product-property.entity';
import type { OptionType } from '../../option-types/entities/option-type.entity';
import type { Classification } from '../../taxonomies/entities/classification.entity';

@Entity('products')
export class Product {
  @PrimaryGeneratedColumn() id: number;
  @Column() name: string;
  @Column({ type: 'text', nullable: true }) description: string | null;
  @Column({ type: 'timestamptz', nullable: true }) availableOn: Date | null;
  /** Soft delete: the record stays so completed orders keep their products. */
  @Column({ type: 'timestamptz', nullable: true }) deletedAt: Date | null;
  /** Spree 2.2's `slug`, also served as `permalink`. */
  @Column() slug: string;
  @Column({ type: 'text', nullable: true }) metaDescription: string | null;
  @Column({ type: 'varchar', nullable: true }) metaKeywords: string | null;
  @Column({ type: 'int', nullable: true }) taxCategoryId: number | null;
  @ManyToOne('TaxCategory') @JoinColumn({ name: 'tax_category_id' }) taxCategory?: TaxCategory | null;
  @Column() shippingCategoryId: number;
  @ManyToOne('ShippingCategory') @JoinColumn({ name: 'shipping_category_id' }) shippingCategory?: ShippingCategory;
  @OneToMany('Variant', (variant: Variant) => variant.product) variants?: Variant[];
  @OneToMany('ProductProperty', (pp: ProductProperty) => pp.product) productProperties?: ProductProperty[];
  @OneToMany('Classification', (c: Classification) => c.product) classifications?: Classification[];
  @ManyToMany('OptionType')
  @JoinTable({ name: 'product_option_types', joinColumn: { name: 'product_id' }, inverseJoinColumn: { name: 'option_type_id' } })
  optionTypes?: OptionType[];
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
