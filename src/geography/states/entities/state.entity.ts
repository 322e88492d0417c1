import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Country } from '../../countries/entities/country.entity';

@Entity('states')
export class State {
  @PrimaryGeneratedColumn() id: number;
  @Column() name: string;
  @Column() abbr: string;
  @Column() countryId: number;
  @ManyToOne('Country', (country: Country) => country.states, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'country_id' })
  country?: Country;
}
