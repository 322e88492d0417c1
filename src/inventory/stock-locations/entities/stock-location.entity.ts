import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Country } from '../../../geography/countries/entities/country.entity';
import type { State } from '../../../geography/states/entities/state.entity';

@Entity('stock_locations')
export class StockLocation {
  @PrimaryGeneratedColumn() id: number;
  @Column() name: string;
  @Column({ type: 'varchar', nullable: true }) adminName: string | null;
  @Column({ type: 'varchar', nullable: true }) address1: string | null;
  @Column({ type: 'varchar', nullable: true }) address2: string | null;
  @Column({ type: 'varchar', nullable: true }) city: string | null;
  @Column({ type: 'int', nullable: true }) stateId: number | null;
  @ManyToOne('State') @JoinColumn({ name: 'state_id' }) state?: State | null;
  @Column({ type: 'varchar', nullable: true }) stateName: string | null;
  @Column({ type: 'int', nullable: true }) countryId: number | null;
  @ManyToOne('Country') @JoinColumn({ name: 'country_id' }) country?: Country | null;
  @Column({ type: 'varchar', nullable: true }) zipcode: string | null;
  @Column({ type: 'varchar', nullable: true }) phone: string | null;
  @Column() active: boolean;
  @Column() backorderableDefault: boolean;
  /** When true, every new variant gets a stock item here (Spree's rule). */
  @Column() propagateAllVariants: boolean;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
