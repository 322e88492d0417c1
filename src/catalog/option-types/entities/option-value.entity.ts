import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { OptionType } from './option-type.entity';

@Entity('option_values')
export class OptionValue {
  @PrimaryGeneratedColumn() id: number;
  @Column() optionTypeId: number;
  @ManyToOne('OptionType', (type: OptionType) => type.optionValues, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'option_type_id' })
  optionType?: OptionType;
  @Column() name: string;
  @Column() presentation: string;
  @Column() position: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt: Date;
}
