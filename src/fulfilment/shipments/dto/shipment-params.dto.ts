import { IntegerField, StringField } from '../../../common/params/fields';

/** `shipment[...]`: what store staff may change on a shipment (Spree's permitted shipment attributes). */
export class ShipmentParamsDto {
  @StringField({ nullable: false, maxLength: 32, description: 'The order number (POST /api/shipments only; required there).' }) order_id?: string | null;
  @StringField({ maxLength: 255, nullable: true, example: '1Z999AA10123456784' }) tracking?: string | null;
  @IntegerField({ description: "One of the shipment's shipping_rates ids: the rate to charge." }) selected_shipping_rate_id?: number | null;
  @IntegerField({ description: 'Ship from another active stock location: the units’ stock goes back to the old one and is taken at the new one.' })
  stock_location_id?: number | null;
  @StringField({ maxLength: 8, description: '`yes` prices the shipment again from the shipping methods that can deliver it (Spree\'s "unlock" of the shipping adjustment).' })
  unlock?: string | null;
  @StringField({ maxLength: 32, description: 'Accepted and ignored (the path names the shipment).' }) number?: string | null;
}

/** Flat parameters of POST /api/shipments (as Spree reads them). */
export class NewShipmentParamsDto {
  @IntegerField({ required: true }) stock_location_id: number;
  @IntegerField({ required: true }) variant_id: number;
  @IntegerField({ minimum: 1, description: 'Units to put in the new shipment (default 1).' }) quantity?: number | null;
}

/** Flat parameters of PUT /api/shipments/:number/add and /remove. */
export class ShipmentUnitsParamsDto {
  @IntegerField({ required: true }) variant_id: number;
  @IntegerField({ minimum: 1, description: 'Units to add or remove (default 1).' }) quantity?: number | null;
}
