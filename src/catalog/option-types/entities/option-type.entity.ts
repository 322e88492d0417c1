import { Column, CreateDateColumn, Entity, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { OptionValue } from './option-value.entity';

@Entity('option_types')
export class OptionType {
  @PrimaryGeneratedColumn() id: number;
  @Column() name: string;
  @Column() presentation: string;
  @Column() position: number;
  @OneToMany('OptionValue', (value: OptionValue) => value.optionType) optionValues?: OptionValue[];
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
