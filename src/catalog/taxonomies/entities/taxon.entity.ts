import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Taxonomy } from './taxonomy.entity';

/** A node of a taxonomy's tree. The root has no parent and carries the taxonomy's name. */
@Entity('taxons')
export class Taxon {
  @PrimaryGeneratedColumn() id: number;
  @Column() taxonomyId: number;
  @ManyToOne('Taxonomy', (taxonomy: Taxonomy) => taxonomy.taxons, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'taxonomy_id' })
  taxonomy?: Taxonomy;
  @Column({ type: 'int', nullable: true }) parentId: number | null;
  @ManyToOne('Taxon', (taxon: Taxon) => taxon.children, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'parent_id' })
  parent?: Taxon | null;
  @OneToMany('Taxon', (taxon: Taxon) => taxon.parent) children?: Taxon[];
  @Column() position: number;
  @Column() name: string;
  /** Slash-separated path of the names, e.g. "categories/clothing/shirts". */
  @Column() permalink: string;
  @Column({ type: 'text', nullable: true }) description: string | null;
  @Column({ type: 'varchar', nullable: true }) metaTitle: string | null;
  @Column({ type: 'varchar', nullable: true }) metaDescription: string | null;
  @Column({ type: 'varchar', nullable: true }) metaKeywords: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
