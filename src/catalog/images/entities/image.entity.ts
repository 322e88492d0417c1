import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Variant } from '../../variants/entities/variant.entity';

/** An image (Spree's assets): the uploaded file's sizes and its metadata. Product images hang on the master variant. */
@Entity('images')
export class Image {
  @PrimaryGeneratedColumn() id: number;
  @Column() variantId: number;
  @ManyToOne('Variant', (variant: Variant) => variant.images, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'variant_id' })
  variant?: Variant;
  @Column() position: number;
  @Column({ type: 'text', nullable: true }) alt: string | null;
  @Column() attachmentFileName: string;
  @Column() attachmentContentType: string;
  @Column({ type: 'int', nullable: true }) attachmentFileSize: number | null;
  @Column({ type: 'int', nullable: true }) attachmentWidth: number | null;
  @Column({ type: 'int', nullable: true }) attachmentHeight: number | null;
  @Column({ type: 'timestamptz', nullable: true }) attachmentUpdatedAt: Date | null;
  /** Where the uploaded files are (`spree/products/<version>/:style.<ext>`); null for metadata-only images (no file). */
  @Column({ type: 'text', nullable: true }) attachmentPath: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
