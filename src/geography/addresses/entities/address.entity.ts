import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Country } from '../../countries/entities/country.entity';
import type { State } from '../../states/entities/state.entity';

@Entity('addresses')
export class Address {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', nullable: true }) firstname: string | null;
  @Column({ type: 'varchar', nullable: true }) lastname: string | null;
  @Column({ type: 'varchar', nullable: true }) address1: string | null;
  @Column({ type: 'varchar', nullable: true }) address2: string | null;
  @Column({ type: 'varchar', nullable: true }) city: string | null;
  @Column({ type: 'varchar', nullable: true }) zipcode: string | null;
  @Column({ type: 'varchar', nullable: true }) phone: string | null;
  @Column({ type: 'varchar', nullable: true }) stateName: string | null;
  @Column({ type: 'varchar', nullable: true }) alternativePhone: string | null;
  @Column({ type: 'varchar', nullable: true }) company: string | null;
  @Column({ type: 'int', nullable: true }) stateId: number | null;
  @ManyToOne('State') @JoinColumn({ name: 'state_id' }) state?: State | null;
  @Column({ type: 'int', nullable: true }) countryId: number | null;
  @ManyToOne('Country') @JoinColumn({ name: 'country_id' }) country?: Country | null;
  /** The user whose address book holds it (a plain id: users live in a higher layer); null for an order's own address. */
  @Column({ type: 'int', nullable: true }) userId: number | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
