import { ApiProperty } from '@nestjs/swagger';
import { OptionType } from './entities/option-type.entity';
import { OptionValue } from './entities/option-value.entity';

/** Spree's `option_value_attributes`. */
export class OptionValueJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'small' }) name: string;
  @ApiProperty({ example: 'S' }) presentation: string;
  @ApiProperty({ example: 'tshirt-size' }) option_type_name: string;
  @ApiProperty({ type: 'integer' }) option_type_id: number;
  @ApiProperty({ example: 'Size' }) option_type_presentation: string;
}

/** Spree's `option_type_attributes` (option_types/show.v1.rabl without its values). */
export class OptionTypeBaseJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'tshirt-size' }) name: string;
  @ApiProperty({ example: 'Size' }) presentation: string;
  @ApiProperty({ type: 'integer' }) position: number;
}

export class OptionTypeJson extends OptionTypeBaseJson {
  @ApiProperty({ type: [OptionValueJson] }) option_values: OptionValueJson[];
}

/** What option JSON reads of a value and of a type (entities, or rows read for a whole page). */
export type OptionValueFields = Pick<OptionValue, 'id' | 'name' | 'presentation'>;
export type OptionTypeFields = Pick<OptionType, 'id' | 'name' | 'presentation' | 'position'>;

export function serializeOptionValue(value: OptionValueFields, type: OptionTypeFields): OptionValueJson {
  return {
    id: value.id,
    name: value.name,
    presentation: value.presentation,
    option_type_name: type.name,
    option_type_id: type.id,
    option_type_presentation: type.presentation,
  };
}

export function serializeOptionTypeBase(type: OptionTypeFields): OptionTypeBaseJson {
  return { id: type.id, name: type.name, presentation: type.presentation, position: type.position };
}

/** `values` are the type's option values, already in position order. */
export function serializeOptionType(type: OptionType, values: OptionValue[]): OptionTypeJson {
  return { ...serializeOptionTypeBase(type), option_values: values.map((v) => serializeOptionValue(v, type)) };
}
