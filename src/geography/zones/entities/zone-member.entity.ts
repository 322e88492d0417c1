import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Zone } from './zone.entity';

export type ZoneableType = 'Spree::Country' | 'Spree::State';

@Entity('zone_members')
export class ZoneMember {
  @PrimaryGeneratedColumn() id: number;
  @Column() zoneId: number;
  @ManyToOne('Zone', (zone: Zone) => zone.members, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'zone_id' })
  zone?: Zone;
  @Column({ type: 'varchar' }) zoneableType: ZoneableType;
  @Column() zoneableId: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
