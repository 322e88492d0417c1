import { ApiProperty } from '@nestjs/swagger';
import { decimal, displayMoney, moneyIn } from '../../common/money/money';
import { VariantSmallJson } from '../../catalog/variants/variant.serializer';
import { Shipment } from './entities/shipment.entity';
import { ShippingRate } from './entities/shipping-rate.entity';

export class ShippingRateJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'UPS Ground' }) name: string;
  @ApiProperty({ example: '5.00' }) cost: string;
  @ApiProperty() selected: boolean;
  @ApiProperty({ type: 'integer' }) shipping_method_id: number;
  @ApiProperty({ example: '$5.00' }) display_cost: string;
}

class ShippingMethodZoneJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
}

class ShippingMethodCategoryJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
}

export class ShipmentShippingMethodJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() name: string;
  @ApiProperty({ type: [ShippingMethodZoneJson] }) zones: ShippingMethodZoneJson[];
  @ApiProperty({ type: [ShippingMethodCategoryJson] }) shipping_categories: ShippingMethodCategoryJson[];
}

export class ManifestEntryJson {
  @ApiProperty({ type: 'integer' }) variant_id: number;
  @ApiProperty({ type: 'integer', example: 2 }) quantity: number;
  @ApiProperty({ example: { on_hand: 2 }, description: 'Units per stock state (on_hand, backordered, shipped, returned)', type: 'object', additionalProperties: { type: 'integer' } })
  states: Record<string, number>;
}

/** A shipment in order JSON (Spree's shipments/show.v1.rabl, checkout form). */
export class ShipmentJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: String, nullable: true }) tracking: string | null;
  @ApiProperty({ example: 'H12345678901' }) number: string;
  @ApiProperty({ example: '5.00' }) cost: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) shipped_at: Date | null;
  @ApiProperty({ example: 'pending', enum: ['pending', 'ready', 'shipped', 'canceled'] }) state: string;
  @ApiProperty({ example: 'R123456789', description: 'The order number' }) order_id: string;
  @ApiProperty({ example: 'default' }) stock_location_name: string;
  @ApiProperty({ type: [ShippingRateJson] }) shipping_rates: ShippingRateJson[];
  @ApiProperty({ type: ShippingRateJson, nullable: true }) selected_shipping_rate: ShippingRateJson | null;
  @ApiProperty({ type: [ShipmentShippingMethodJson] }) shipping_methods: ShipmentShippingMethodJson[];
  @ApiProperty({ type: [ManifestEntryJson] }) manifest: ManifestEntryJson[];
}

export interface ShipmentContext {
  orderNumber: string;
  currency: string;
  stockLocationName: string;
  rates: ShippingRate[];
  methods: Map<number, ShipmentShippingMethodJson>;
  manifest: ManifestEntryJson[];
}

export function serializeShippingRate(rate: ShippingRate, methodName: string, currency: string): ShippingRateJson {
  return {
    id: rate.id,
    name: methodName,
    cost: moneyIn(rate.cost, currency),
    selected: rate.selected,
    shipping_method_id: rate.shippingMethodId,
    display_cost: displayMoney(rate.cost, currency),
  };
}

export function serializeShipment(shipment: Shipment, ctx: ShipmentContext): ShipmentJson {
  const rates = ctx.rates.map((r) => serializeShippingRate(r, ctx.methods.get(r.shippingMethodId)?.name ?? '', ctx.currency));
  const methodIds = [...new Set(ctx.rates.map((r) => r.shippingMethodId))];
  return {
    id: shipment.id,
    tracking: shipment.tracking,
    number: shipment.number,
    cost: moneyIn(shipment.cost, ctx.currency),
    shipped_at: shipment.shippedAt,
    state: shipment.state,
    order_id: ctx.orderNumber,
    stock_location_name: ctx.stockLocationName,
    shipping_rates: rates,
    selected_shipping_rate: rates.find((r) => r.selected) ?? null,
    shipping_methods: methodIds.map((id) => ctx.methods.get(id)).filter((m): m is ShipmentShippingMethodJson => !!m),
    manifest: ctx.manifest,
  };
}

// ---- The shipments API (admin) shape ----------------------------------------

/** A shipping rate in shipments API responses: cost as a number, with its shipment. */
export class ShipmentRateJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'UPS Ground' }) name: string;
  @ApiProperty({ type: 'number', example: 5, description: 'A number here (the order JSON gives a decimal string)' }) cost: number;
  @ApiProperty() selected: boolean;
  @ApiProperty({ type: 'integer' }) shipping_method_id: number;
  @ApiProperty({ type: 'integer' }) shipment_id: number;
  @ApiProperty({ example: '$5.00' }) display_cost: string;
}

/** The shipping method of the selected rate: its first zone and shipping category. */
export class ShipmentMethodSummaryJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'UPS Ground' }) name: string;
  @ApiProperty({ type: 'integer', nullable: true }) zone_id: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) shipping_category_id: number | null;
}

export class ShipmentManifestEntryJson {
  @ApiProperty({ type: VariantSmallJson }) variant: VariantSmallJson;
  @ApiProperty({ type: 'integer' }) variant_id: number;
  @ApiProperty({ type: 'integer', example: 2 }) quantity: number;
  @ApiProperty({ example: { on_hand: 2 }, description: 'Units per stock state (on_hand, backordered, shipped, returned)', type: 'object', additionalProperties: { type: 'integer' } })
  states: Record<string, number>;
}

/** Spree's shipments/show.v1.rabl as the shipments API answers it. */
export class AdminShipmentJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: String, nullable: true }) tracking: string | null;
  @ApiProperty({ example: 'H12345678901' }) number: string;
  @ApiProperty({ example: '5.00' }) cost: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) shipped_at: Date | null;
  @ApiProperty({ example: 'ready', enum: ['pending', 'ready', 'shipped', 'canceled'] }) state: string;
  @ApiProperty({ example: 'R123456789', description: 'The order number' }) order_id: string;
  @ApiProperty({ example: 'default' }) stock_location_name: string;
  @ApiProperty({ type: [ShipmentRateJson] }) shipping_rates: ShipmentRateJson[];
  @ApiProperty({ type: ShipmentRateJson, nullable: true }) selected_shipping_rate: ShipmentRateJson | null;
  @ApiProperty({ type: [ShipmentShippingMethodJson] }) shipping_methods: ShipmentShippingMethodJson[];
  @ApiProperty({ type: ShipmentMethodSummaryJson, nullable: true }) shipping_method: ShipmentMethodSummaryJson | null;
  @ApiProperty({ type: [ShipmentManifestEntryJson] }) manifest: ShipmentManifestEntryJson[];
}

export function serializeAdminShipment(shipment: Shipment, ctx: ShipmentContext, variants: Map<number, VariantSmallJson>): AdminShipmentJson {
  const checkoutForm = serializeShipment(shipment, ctx);
  const rates = ctx.rates.map((r) => ({
    id: r.id,
    name: ctx.methods.get(r.shippingMethodId)?.name ?? '',
    cost: decimal(r.cost).toNumber(),
    selected: r.selected,
    shipping_method_id: r.shippingMethodId,
    shipment_id: shipment.id,
    display_cost: displayMoney(r.cost, ctx.currency),
  }));
  const selected = rates.find((r) => r.selected) ?? null;
  const method = selected ? ctx.methods.get(selected.shipping_method_id) : undefined;
  return {
    ...checkoutForm,
    shipping_rates: rates,
    selected_shipping_rate: selected,
    shipping_method: method
      ? { id: method.id, name: method.name, zone_id: method.zones[0]?.id ?? null, shipping_category_id: method.shipping_categories[0]?.id ?? null }
      : null,
    manifest: ctx.manifest.map((m) => ({ variant: variants.get(m.variant_id)!, variant_id: m.variant_id, quantity: m.quantity, states: m.states })),
  };
}
