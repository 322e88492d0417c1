import { Column, CreateDateColumn, Entity, JoinColumn, JoinTable, ManyToMany, ManyToOne, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Product } from '../../products/entities/product.entity';
import type { Price } from './price.entity';
import type { OptionValue } from '../../option-types/entities/option-value.entity';
import type { Image } from '../../images/entities/image.entity';

@Entity('variants')
export class Variant {
  @PrimaryGeneratedColumn() id: number;
  @Column() productId: number;
  @ManyToOne('Product', (product: Product) => product.variants, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Product;
  @Column() sku: string;
  @Column({ type: 'numeric', precision: 8, scale: 2, nullable: true }) weight: string | null;
  @Column({ type: 'numeric', precision: 8, scale: 2, nullable: true }) height: string | null;
  @Column({ type: 'numeric', precision: 8, scale: 2, nullable: true }) width: string | null;
  @Column({ type: 'numeric', precision: 8, scale: 2, nullable: true }) depth: string | null;
  /** Every product has one master variant holding its own price, sku and images. */
  @Column() isMaster: boolean;
  @Column({ type: 'numeric', precision: 11, scale: 3, nullable: true }) costPrice: string | null;
  @Column({ type: 'char', length: 3, nullable: true }) costCurrency: string | null;
  @Column() position: number;
  @Column() trackInventory: boolean;
  @Column({ type: 'timestamptz', nullable: true }) deletedAt: Date | null;
  @OneToMany('Price', (price: Price) => price.variant) prices?: Price[];
  @OneToMany('Image', (image: Image) => image.variant) images?: Image[];
  @ManyToMany('OptionValue')
  @JoinTable({ name: 'option_values_variants', joinColumn: { name: 'variant_id' }, inverseJoinColumn: { name: 'option_value_id' } })
  optionValues?: OptionValue[];
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
