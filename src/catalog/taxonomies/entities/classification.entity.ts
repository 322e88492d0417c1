import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Product } from '../../products/entities/product.entity';
import type { Taxon } from './taxon.entity';

/** A product placed in a taxon, at a position among that taxon's products. */
@Entity('classifications')
export class Classification {
  @PrimaryGeneratedColumn() id: number;
  @Column() productId: number;
  @ManyToOne('Product', (product: Product) => product.classifications, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: Product;
  @Column() taxonId: number;
  @ManyToOne('Taxon', { onDelete: 'CASCADE' }) @JoinColumn({ name: 'taxon_id' }) taxon?: Taxon;
  @Column() position: number;
}
