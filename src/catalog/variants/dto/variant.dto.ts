import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, ValidateBy } from 'class-validator';
import { BooleanField, DecimalField, IntegerField, IntegerListField, MoneyField, StringField } from '../../../common/params/fields';

/** One `{name, value}` of Spree's `variant[options]`: option type name and option value name, created when missing. */
export class VariantOptionDto {
  // isOption's rule below: not blank, and at most 100 (name) or 255 (value) characters.
  @ApiProperty({ example: 'size', minLength: 1, maxLength: 100, pattern: '\\S' }) name: string;
  @ApiProperty({ example: 'small', minLength: 1, maxLength: 255, pattern: '\\S' }) value: string;
}

const isOption = (o: unknown): boolean => {
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return false;
  const { name, value } = o as Record<string, unknown>;
  return typeof name === 'string' && name.trim() !== '' && name.length <= 100 && typeof value === 'string' && value.trim() !== '' && value.length <= 255;
};

/** `options: [{name: "size", value: "small"}, ...]`. */
const OptionsField = () =>
  applyDecorators(
    IsOptional(),
    ValidateBy({ name: 'options', validator: { validate: (v: unknown) => Array.isArray(v) && v.every(isOption), defaultMessage: () => 'is invalid' } }),
    ApiProperty({ type: [VariantOptionDto], required: false }),
  );

/** Spree's `permitted_variant_attributes` (plus track_inventory). */
export class VariantParamsDto {
  @MoneyField({ minimum: 0, description: "Defaults to the master's price" }) price?: string | null;
  @MoneyField({ minimum: 0, nullable: true, example: '12.00' }) cost_price?: string | null;
  @StringField({ example: 'ROR-00011', description: "Blank: none, stored as ''" }) sku?: string | null;
  @DecimalField({ minimum: 0, decimals: 2, nullable: true, example: '1.50' }) weight?: string | null;
  @DecimalField({ minimum: 0, decimals: 2, nullable: true }) height?: string | null;
  @DecimalField({ minimum: 0, decimals: 2, nullable: true }) width?: string | null;
  @DecimalField({ minimum: 0, decimals: 2, nullable: true }) depth?: string | null;
  @IntegerField({ minimum: 0, blank: 'absent' }) position?: number;
  @BooleanField({ blank: 'absent' }) track_inventory?: boolean;
  @IntegerListField({ description: 'Ids of option values; replaces the set' }) option_value_ids?: number[] | null;
  @OptionsField() options?: VariantOptionDto[];
}

/** A variant inside `product[variants]`: with an id it updates that variant. */
export class EmbeddedVariantParamsDto extends VariantParamsDto {
  @IntegerField({ blank: 'absent', description: 'Update this variant of the product instead of creating one (blank: a new variant)' }) id?: number;
}
