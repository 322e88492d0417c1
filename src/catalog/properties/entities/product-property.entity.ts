import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Product } from '../../products/entities/product.entity';
import type { Property } from './property.entity';

@Entity('product_properties')
export class ProductProperty {
  @PrimaryGeneratedColumn() id: number;
  @Column() productId: number;
  @ManyToOne('Product', (product: Product) => product.productProperties, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Product;
  @Column() propertyId: number;
  @ManyToOne('Property', { onDelete: 'CASCADE' }) @JoinColumn({ name: 'property_id' }) property?: Property;
  @Column({ type: 'varchar', nullable: true }) value: string | null;
  @Column() position: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
