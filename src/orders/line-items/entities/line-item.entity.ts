import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('line_items')
export class LineItem {
  @PrimaryGeneratedColumn() id: number;
  @Column() orderId: number;
  @Column() variantId: number;
  @Column() quantity: number;
  /** Unit price, fixed when the item was added (the catalog price may change later). */
  @Column({ type: 'numeric', precision: 11, scale: 3 }) price: string;
  @Column({ type: 'numeric', precision: 11, scale: 3, nullable: true }) costPrice: string | null;
  @Column({ type: 'char', length: 3 }) currency: string;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) adjustmentTotal: string;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) additionalTaxTotal: string;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) includedTaxTotal: string;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) promoTotal: string;
  @Column({ type: 'numeric', precision: 12, scale: 4, nullable: true }) preTaxAmount: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
