import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ZoneMember } from './zone-member.entity';

export type ZoneKind = 'country' | 'state';

@Entity('zones')
export class Zone {
  @PrimaryGeneratedColumn() id: number;
  @Column() name: string;
  @Column({ type: 'varchar', nullable: true }) description: string | null;
  @Column() defaultTax: boolean;
  @Column({ type: 'varchar' }) kind: ZoneKind;
  @OneToMany('ZoneMember', (member: ZoneMember) => member.zone, { cascade: true }) members?: ZoneMember[];
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
