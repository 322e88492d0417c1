import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ReturnAuthorizationState } from '../return-authorization-states';

/** Spree's RMA: shipped units of an order the customer may send back, for a credit of `amount`. */
@Entity('return_authorizations')
export class ReturnAuthorization {
  @PrimaryGeneratedColumn() id: number;
  /** "RMA" + 9 digits. */
  @Column() number: string;
  @Column({ type: 'varchar' }) state: ReturnAuthorizationState;
  @Column({ type: 'numeric', precision: 11, scale: 3 }) amount: string;
  @Column({ type: 'text', nullable: true }) reason: string | null;
  @Column() orderId: number;
  /** Where received units go back to stock; null: to the location each unit shipped from. */
  @Column({ type: 'int', nullable: true }) stockLocationId: number | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
