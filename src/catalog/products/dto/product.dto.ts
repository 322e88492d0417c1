import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, ValidateBy } from 'class-validator';
import { DateTimeField, DecimalField, IntegerField, IntegerListField, MoneyField, NestedListField, StringField, TextField } from '../../../common/params/fields';
import { ProductPropertyParamsDto } from '../../properties/dto/property.dto';
import { EmbeddedVariantParamsDto } from '../../variants/dto/variant.dto';

/** A list of names, e.g. `option_types: ["size", "color"]`. */
const NameListField = (description: string) =>
  applyDecorators(
    IsOptional(),
    ValidateBy({
      name: 'isListOfNames',
      validator: {
        validate: (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string' && s.trim() !== '' && s.length <= 100),
        defaultMessage: () => 'is invalid',
      },
    }),
    ApiProperty({ type: [String], required: false, description }),
  );

/** Spree's `permitted_product_attributes` plus the nested groups its products controller reads. */
export class ProductParamsDto {
  @StringField({ nullable: false, example: 'Ruby on Rails Tote' }) name?: string | null;
  @TextField({ nullable: true }) description?: string | null;
  @DateTimeField({ nullable: true, description: 'Defaults to now on create' }) available_on?: Date | null;
  @StringField({ blank: 'absent', description: 'Generated from the name when absent or blank; an update without it keeps the current one' }) permalink?: string;
  @StringField({ blank: 'absent', description: 'Same as permalink' }) slug?: string;
  @TextField({ nullable: true }) meta_description?: string | null;
  @StringField({ nullable: true }) meta_keywords?: string | null;
  @MoneyField({ nullable: false, minimum: 0, example: '19.99', description: "The master variant's price in the store currency" }) price?: string | null;
  @StringField({ description: "The master variant's SKU (blank: none, stored as '')" }) sku?: string | null;
  @DecimalField({ minimum: 0, decimals: 2, nullable: true }) weight?: string | null;
  @DecimalField({ minimum: 0, decimals: 2, nullable: true }) height?: string | null;
  @DecimalField({ minimum: 0, decimals: 2, nullable: true }) width?: string | null;
  @DecimalField({ minimum: 0, decimals: 2, nullable: true }) depth?: string | null;
  @MoneyField({ minimum: 0, nullable: true }) cost_price?: string | null;
  @IntegerField({ nullable: false }) shipping_category_id?: number | null;
  @StringField({ description: 'A shipping category name, found or created (instead of shipping_category_id)' }) shipping_category?: string | null;
  @IntegerField({ nullable: true }) tax_category_id?: number | null;
  @IntegerListField({ description: 'Taxon ids ("1,2" or an array); replaces the classifications' }) taxon_ids?: number[] | null;
  @IntegerListField({ description: 'Option type ids; replaces the set' }) option_type_ids?: number[] | null;
  @NameListField('Option type names, found or created, added to the product') option_types?: string[];
  @NestedListField(() => EmbeddedVariantParamsDto, 'Variants to create (or, with an id, to update)') variants?: EmbeddedVariantParamsDto[];
  @NestedListField(() => EmbeddedVariantParamsDto, 'Same as variants') variants_attributes?: EmbeddedVariantParamsDto[];
  @NestedListField(() => ProductPropertyParamsDto, 'Properties by name with values') product_properties_attributes?: ProductPropertyParamsDto[];
}
