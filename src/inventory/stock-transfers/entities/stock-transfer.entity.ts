import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Stock moved between two locations (or received at one, with no source): its movements name it as originator. */
@Entity('stock_transfers')
export class StockTransfer {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar' }) number: string;
  @Column({ type: 'varchar', nullable: true }) reference: string | null;
  @Column({ type: 'int', nullable: true }) sourceLocationId: number | null;
  @Column({ type: 'int', nullable: true }) destinationLocationId: number | null;
  @Column({ type: 'int', nullable: true }) createdById: number | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}

/** Spree's polymorphic originator type of a transfer's stock movements. */
export const STOCK_TRANSFER_ORIGINATOR = 'Spree::StockTransfer';
