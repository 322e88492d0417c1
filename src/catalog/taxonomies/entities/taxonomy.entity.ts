import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Taxon } from './taxon.entity';

@Entity('taxonomies')
export class Taxonomy {
  @PrimaryGeneratedColumn() id: number;
  @Column() name: string;
  @Column() position: number;
  @OneToMany('Taxon', (taxon: Taxon) => taxon.taxonomy) taxons?: Taxon[];
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
