import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { StockItem } from '../../stock-items/entities/stock-item.entity';

/** A change of a stock item's count on hand, kept as its history. */
@Entity('stock_movements')
export class StockMovement {
  @PrimaryGeneratedColumn() id: number;
  @Column() stockItemId: number;
  @ManyToOne('StockItem', { onDelete: 'CASCADE' }) @JoinColumn({ name: 'stock_item_id' }) stockItem?: StockItem;
  @Column() quantity: number;
  @Column({ type: 'varchar', nullable: true }) action: string | null;
  @Column({ type: 'varchar', nullable: true }) originatorType: string | null;
  @Column({ type: 'int', nullable: true }) originatorId: number | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
