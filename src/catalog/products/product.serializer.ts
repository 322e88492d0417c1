import { ApiProperty } from '@nestjs/swagger';
import { displayMoney, optionalMoneyString } from '../../common/money/money';
import { currencyMinorUnits } from '../../config/currencies';
import { OptionTypeBaseJson, serializeOptionTypeBase } from '../option-types/option-type.serializer';
import { ProductPropertyJson, serializeProductProperty } from '../properties/property.serializer';
import { serializeVariantSmall, VariantSmallJson, VariantView } from '../variants/variant.serializer';
import { ProductFields, ProductGraph } from './product-graph';

/**
 * Spree's products/show.v1.rabl: `product_attributes`, has_variants, master,
 * variants, option_types and product_properties, plus `permalink` (= slug)
 * and `deleted_at` (contract section 2).
 */
export class ProductJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'Ruby on Rails Tote' }) name: string;
  @ApiProperty({ type: 'string', nullable: true }) description: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: '15.99' }) price: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: '$15.99' }) display_price: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) available_on: Date | null;
  @ApiProperty({ example: 'ruby-on-rails-tote' }) slug: string;
  @ApiProperty({ type: 'string', nullable: true }) meta_description: string | null;
  @ApiProperty({ type: 'string', nullable: true }) meta_keywords: string | null;
  @ApiProperty({ type: 'integer' }) shipping_category_id: number;
  @ApiProperty({ type: [Number] }) taxon_ids: number[];
  @ApiProperty({ type: 'integer', description: "Units on hand over the stock items of the master and the variants" }) total_on_hand: number;
  @ApiProperty({ example: 'ruby-on-rails-tote', description: 'Same as slug' }) permalink: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) deleted_at: Date | null;
  @ApiProperty() has_variants: boolean;
  @ApiProperty({ type: VariantSmallJson, nullable: true }) master: VariantSmallJson | null;
  @ApiProperty({ type: [VariantSmallJson] }) variants: VariantSmallJson[];
  @ApiProperty({ type: [OptionTypeBaseJson] }) option_types: OptionTypeBaseJson[];
  @ApiProperty({ type: [ProductPropertyJson] }) product_properties: ProductPropertyJson[];
}

/** `GET /api/products/new`: the describe endpoint of commerce-api.md. */
export class ProductDescriptionJson {
  @ApiProperty({ type: [String] }) attributes: string[];
  @ApiProperty({ type: [String] }) required_attributes: string[];
}

export const PRODUCT_DESCRIPTION: ProductDescriptionJson = {
  attributes: ['id', 'name', 'description', 'price', 'available_on', 'permalink', 'count_on_hand', 'meta_description', 'meta_keywords', 'shipping_category_id', 'taxon_ids'],
  required_attributes: ['name', 'price', 'shipping_category_id'],
};

/** `view`: whom it is for (the variants' cost_price is for admins only: variant.serializer.ts). */
export function serializeProduct(product: ProductFields, graph: ProductGraph, view: VariantView): ProductJson {
  const master = graph.masters.get(product.id) ?? null;
  const variants = graph.variants.get(product.id) ?? [];
  const price = master ? (graph.details.prices.get(master.id) ?? null) : null;
  const totalOnHand = [master, ...variants].reduce((sum, v) => sum + (v ? (graph.details.stock.get(v.id)?.onHand ?? 0) : 0), 0);
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    price: optionalMoneyString(price, currencyMinorUnits(graph.details.currency)),
    display_price: price === null ? null : displayMoney(price, graph.details.currency),
    available_on: product.availableOn,
    slug: product.slug,
    meta_description: product.metaDescription,
    meta_keywords: product.metaKeywords,
    shipping_category_id: product.shippingCategoryId,
    taxon_ids: graph.taxonIds.get(product.id) ?? [],
    total_on_hand: totalOnHand,
    permalink: product.slug,
    deleted_at: product.deletedAt,
    has_variants: variants.length > 0,
    master: master ? serializeVariantSmall(master, product, graph.details, view) : null,
    variants: variants.map((v) => serializeVariantSmall(v, product, graph.details, view)),
    option_types: (graph.optionTypes.get(product.id) ?? []).map(serializeOptionTypeBase),
    product_properties: (graph.properties.get(product.id) ?? []).map((pp) => serializeProductProperty(pp, pp.propertyName)),
  };
}
