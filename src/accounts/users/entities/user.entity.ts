import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Address } from '../../../geography/addresses/entities/address.entity';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn() id: number;
  @Column() email: string;
  /** bcrypt hash; never serialized. */
  @Column({ select: false }) encryptedPassword: string;
  @Column() admin: boolean;
  @Column({ type: 'int', nullable: true }) billAddressId: number | null;
  @ManyToOne('Address', { onDelete: 'SET NULL' }) @JoinColumn({ name: 'bill_address_id' }) billAddress?: Address | null;
  @Column({ type: 'int', nullable: true }) shipAddressId: number | null;
  @ManyToOne('Address', { onDelete: 'SET NULL' }) @JoinColumn({ name: 'ship_address_id' }) shipAddress?: Address | null;
  /** An e-mail change waiting for the new address to confirm it (its token: `confirmation_digest`, never mapped). */
  @Column({ type: 'varchar', nullable: true }) unconfirmedEmail: string | null;
  /** When the user proved the e-mail is theirs (a confirmation link, a password reset); null: not yet. */
  @Column({ type: 'timestamptz', nullable: true }) emailVerifiedAt: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
