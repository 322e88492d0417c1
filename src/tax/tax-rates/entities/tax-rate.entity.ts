import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Zone } from '../../../geography/zones/entities/zone.entity';
import type { TaxCategory } from '../../tax-categories/entities/tax-category.entity';

@Entity('tax_rates')
export class TaxRate {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', nullable: true }) name: string | null;
  /** Decimal string, a fraction: "0.05" is 5 %. */
  @Column({ type: 'numeric', precision: 8, scale: 5 }) amount: string;
  @Column() zoneId: number;
  @ManyToOne('Zone') @JoinColumn({ name: 'zone_id' }) zone?: Zone;
  @Column() taxCategoryId: number;
  @ManyToOne('TaxCategory') @JoinColumn({ name: 'tax_category_id' }) taxCategory?: TaxCategory;
  @Column() includedInPrice: boolean;
  @Column() showRateInLabel: boolean;
  @Column({ type: 'timestamptz', nullable: true }) deletedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
