import { Column, Entity, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import type { State } from '../../states/entities/state.entity';

@Entity('countries')
export class Country {
  @PrimaryGeneratedColumn() id: number;
  @Column() isoName: string;
  @Column() iso: string;
  @Column() iso3: string;
  @Column() name: string;
  @Column() numcode: number;
  @Column() statesRequired: boolean;
  @OneToMany('State', (state: State) => state.country) states?: State[];
}
