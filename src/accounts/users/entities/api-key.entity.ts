import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { User } from './user.entity';

/** An API key of a user, kept only as its SHA-256 digest (see common/auth/api-keys.ts). */
@Entity('api_keys')
export class ApiKey {
  @PrimaryGeneratedColumn() id: number;
  @Column() userId: number;
  @ManyToOne('User', { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id' }) user?: User;
  @Column({ type: 'char', length: 64, select: false }) digest: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  /** When the key stops working (API_KEY_TTL); null: until revoked. */
  @Column({ type: 'timestamptz', nullable: true }) expiresAt: Date | null;
}
