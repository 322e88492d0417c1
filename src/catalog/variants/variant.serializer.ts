import { ApiProperty } from '@nestjs/swagger';
import type { Caller } from '../../common/auth/caller';
import { displayMoney, optionalMoneyString } from '../../common/money/money';
import { currencyMinorUnits } from '../../config/currencies';
import { ImageJson, serializeImage } from '../images/image.serializer';
import { OptionValueJson, serializeOptionValue } from '../option-types/option-type.serializer';
import type { Product } from '../products/entities/product.entity';
import { Variant } from './entities/variant.entity';
import { VariantDetails, VariantSmallDetails } from './variant-details';

/** Spree's variants/small.v1.rabl: `variant_attributes` + display_price, options_text, in_stock, option_values, images. */
export class VariantSmallJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'Ruby on Rails Tote' }) name: string;
  @ApiProperty({ example: 'ROR-00011' }) sku: string;
  @ApiProperty({ type: 'string', nullable: true, example: '15.99' }) price: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: '1.50' }) weight: string | null;
  @ApiProperty({ type: 'string', format: 'decimal', nullable: true }) height: string | null;
  @ApiProperty({ type: 'string', format: 'decimal', nullable: true }) width: string | null;
  @ApiProperty({ type: 'string', format: 'decimal', nullable: true }) depth: string | null;
  @ApiProperty() is_master: boolean;
  @ApiProperty({
    type: 'string',
    nullable: true,
    required: false,
    example: '17.00',
    description: "What the shop pays its supplier: in admins' answers only (and in webhook events), absent from anyone else's, a deliberate departure from Spree 2.2, which showed it to everyone",
  })
  cost_price?: string | null;
  @ApiProperty({ example: 'ruby-on-rails-tote' }) slug: string;
  @ApiProperty({ type: 'string', nullable: true }) description: string | null;
  @ApiProperty() track_inventory: boolean;
  @ApiProperty({ type: 'string', nullable: true, example: '$15.99' }) display_price: string | null;
  @ApiProperty({ example: 'Size: S, Color: Red' }) options_text: string;
  @ApiProperty() in_stock: boolean;
  @ApiProperty({ type: [OptionValueJson] }) option_values: OptionValueJson[];
  @ApiProperty({ type: [ImageJson] }) images: ImageJson[];
}

/** A stock item inside variant JSON (variants/big.v1.rabl). */
export class VariantStockItemJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: 'integer' }) count_on_hand: number;
  @ApiProperty() backorderable: boolean;
  @ApiProperty({ description: "Spree's `available?`: units on hand, or the location takes backorders" }) available: boolean;
  @ApiProperty({ type: 'integer' }) lock_version: number;
  @ApiProperty({ type: 'integer' }) stock_location_id: number;
  @ApiProperty({ type: 'integer' }) variant_id: number;
  @ApiProperty({ example: 'default' }) stock_location_name: string;
}

/** Spree's variants/big.v1.rabl: small + product_id and stock_items. */
export class VariantJson extends VariantSmallJson {
  @ApiProperty({ type: 'integer' }) product_id: number;
  @ApiProperty({ type: [VariantStockItemJson] }) stock_items: VariantStockItemJson[];
}

/**
 * Whom a variant's JSON is for. `cost_price`, what the shop pays its supplier, is the merchant's
 * confidential data: shown to admins (and in the webhook events, which go to the shop's own endpoints),
 * left out for anyone else (Spree 2.2 showed it to everyone).
 */
export interface VariantView {
  costPrice: boolean;
}

export const ADMIN_VIEW: VariantView = Object.freeze({ costPrice: true });
export const PUBLIC_VIEW: VariantView = Object.freeze({ costPrice: false });

export function variantViewOf(caller: Caller): VariantView {
  return caller.admin ? ADMIN_VIEW : PUBLIC_VIEW;
}

/** What variant JSON reads of a variant and of its product (entities, or rows read for a whole page). */
export type VariantFields = Pick<Variant, 'id' | 'productId' | 'sku' | 'weight' | 'height' | 'width' | 'depth' | 'isMaster' | 'costPrice' | 'trackInventory'>;
export type VariantProductFields = Pick<Product, 'name' | 'slug' | 'description'>;

/** Spree's `options_text`: "Type presentation: value presentation", by option type position. */
export function optionsText(details: VariantSmallDetails, variantId: number): string {
  return (details.optionValues.get(variantId) ?? []).map(({ value, type }) => `${type.presentation}: ${value.presentation}`).join(', ');
}

/** Spree's StockItem#available?: `in_stock? || backorderable?`. */
export function stockItemAvailable(item: { countOnHand: number; backorderable: boolean }): boolean {
  return item.countOnHand > 0 || item.backorderable;
}

/** In stock: not tracked, or some stock item has units on hand or takes backorders. */
export function inStock(variant: VariantFields, details: VariantSmallDetails): boolean {
  if (!variant.trackInventory) return true;
  return details.stock.get(variant.id)?.available ?? false;
}

export function serializeVariantSmall(variant: VariantFields, product: VariantProductFields, details: VariantSmallDetails, view: VariantView): VariantSmallJson {
  const price = details.prices.get(variant.id) ?? null;
  return {
    id: variant.id,
    name: product.name,
    sku: variant.sku,
    price: optionalMoneyString(price, currencyMinorUnits(details.currency)),
    weight: variant.weight,
    height: variant.height,
    width: variant.width,
    depth: variant.depth,
    is_master: variant.isMaster,
    ...(view.costPrice ? { cost_price: optionalMoneyString(variant.costPrice) } : {}),
    slug: product.slug,
    description: product.description,
    track_inventory: variant.trackInventory,
    display_price: price === null ? null : displayMoney(price, details.currency),
    options_text: optionsText(details, variant.id),
    in_stock: inStock(variant, details),
    option_values: (details.optionValues.get(variant.id) ?? []).map(({ value, type }) => serializeOptionValue(value, type)),
    images: (details.images.get(variant.id) ?? []).map(serializeImage),
  };
}

export function serializeVariant(variant: VariantFields, product: VariantProductFields, details: VariantDetails, view: VariantView): VariantJson {
  return {
    ...serializeVariantSmall(variant, product, details, view),
    product_id: variant.productId,
    stock_items: (details.stockItems.get(variant.id) ?? []).map((s) => ({
      id: s.id,
      count_on_hand: s.countOnHand,
      backorderable: s.backorderable,
      available: stockItemAvailable(s),
      lock_version: s.lockVersion,
      stock_location_id: s.stockLocationId,
      variant_id: s.variantId,
      stock_location_name: s.stockLocationName,
    })),
  };
}
