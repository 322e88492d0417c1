import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { STORE_CURRENCY_OR_BLANK } from '../../../common/http/request-currency';
import { EMAIL_OR_BLANK_PATTERN } from '../../../common/params/email';
import { CurrencyMoneyField, DateTimeField, IntegerField, StringField, TextField } from '../../../common/params/fields';
import { AddressParamsDto } from '../../../geography/addresses/dto/address-params.dto';
import { PaymentState } from '../../../payments/payment/payment-states';

/*
 * The body of an admin's order import, POST /api/orders (Spree 2.2's
 * Spree::Core::Importer::Order). Every list is a JSON array or a hash keyed
 * "0", "1", … as forms send it; each field is read as its type, and a bad one
 * is a 422 naming its path (e.g. `line_items_attributes[1].quantity`).
 */

/** The states an imported payment may be in (Spree's payment states). */
export const IMPORTED_PAYMENT_STATES: readonly PaymentState[] = ['checkout', 'pending', 'processing', 'completed', 'failed', 'void', 'invalid'];

/** A country by one of its names (the first given of `iso`, `iso3`, `iso_name`, `name`, in any case). */
export class ImportCountryDto {
  @StringField({ example: 'US' }) iso?: string | null;
  @StringField({ example: 'USA' }) iso3?: string | null;
  @StringField({ example: 'UNITED STATES' }) iso_name?: string | null;
  @StringField({ example: 'United States' }) name?: string | null;
}

/** A state of the address's country by `abbr` or `name` (any case). */
export class ImportStateDto {
  @StringField({ example: 'MD' }) abbr?: string | null;
  @StringField({ example: 'Maryland' }) name?: string | null;
}

export class ImportAddressDto extends AddressParamsDto {
  @ApiPropertyOptional({ type: ImportCountryDto, description: 'The country by name instead of `country_id`' }) country?: ImportCountryDto;
  @ApiPropertyOptional({ type: ImportStateDto, description: "A state of that country by abbreviation or name instead of `state_id`; one the country's list lacks is refused" })
  state?: ImportStateDto;
}

export class ImportLineItemDto {
  @IntegerField({ minimum: 1, blank: 'absent', description: 'The variant (or give its `sku`)' }) variant_id?: number;
  @StringField({ blank: 'absent', description: 'The variant by SKU, when no variant_id is given', example: 'ROR-00011' }) sku?: string;
  @IntegerField({ required: true, minimum: 1 }) quantity: number;
  @CurrencyMoneyField({ minimum: 0, blank: 'absent', description: "The unit price in the order's currency, with at most its decimals (default: the variant's price in it)" }) price?: string;
}

export class ImportInventoryUnitDto {
  @StringField({ blank: 'absent', description: 'The variant by SKU (one unit of the order’s line item of that variant)', example: 'ROR-00011' }) sku?: string;
  @IntegerField({ minimum: 1, blank: 'absent', description: 'The variant, instead of the sku' }) variant_id?: number;
}

export class ImportShipmentDto {
  @StringField({ description: 'Tracking code' }) tracking?: string | null;
  @StringField({ required: true, description: 'A stock location by name', example: 'default' }) stock_location: string;
  @StringField({ required: true, description: 'A shipping method by name', example: 'UPS Ground (USD)' }) shipping_method: string;
  @CurrencyMoneyField({ minimum: 0, blank: 'absent', description: "What the shipment cost, in the order's currency with at most its decimals (default 0)", example: '5.00' }) cost?: string;
  @DateTimeField({ blank: 'absent', description: 'It left already: the shipment and its units are shipped (only with completed_at)' }) shipped_at?: Date;
  @ApiPropertyOptional({ type: [ImportInventoryUnitDto], description: 'One entry per unit; each must match a line item of the order' })
  inventory_units?: ImportInventoryUnitDto[];
}

export class ImportPaymentDto {
  @StringField({ required: true, description: 'A payment method by name', example: 'Check' }) payment_method: string;
  @CurrencyMoneyField({ required: true, description: "More than 0, in the order's currency with at most its decimals" }) amount: string;
  @ApiPropertyOptional({ enum: IMPORTED_PAYMENT_STATES, description: 'As the other system left it (default completed); `status` is read too (spree_wombat)' }) state?: string;
}

export class ImportAdjustmentDto {
  @StringField({ required: true, example: 'Marketplace discount' }) label: string;
  @CurrencyMoneyField({ required: true, description: "Negative for a discount; in the order's currency with at most its decimals", example: '-2.50' }) amount: string;
}

/** `order[...]` of an admin's import. */
export class OrderImportParamsDto {
  @DateTimeField({ blank: 'absent', description: 'The order was placed then: it is complete, its stock taken' }) completed_at?: Date;
  @IntegerField({ minimum: 1, blank: 'refused', description: 'The user it belongs to (default: the admin)' }) user_id?: number;
  @StringField({ pattern: EMAIL_OR_BLANK_PATTERN, description: "Default: the user's e-mail", example: 'shopper@example.com' }) email?: string | null;
  @TextField() special_instructions?: string | null;
  @StringField({ blank: 'refused', example: 'marketplace' }) channel?: string;
  @StringField({
    maxLength: 3,
    blank: 'absent',
    pattern: STORE_CURRENCY_OR_BLANK,
    description:
      "The order's currency, in any case: one the store sells in (SUPPORTED_CURRENCIES); the store currency (CURRENCY) when absent. " +
      'The line items are priced in it (a variant without a price in it is refused), and the shipments’ costs, payments and adjustments are read in it, with at most its decimals.',
    example: 'EUR',
  })
  currency?: string;
  @ApiPropertyOptional({ type: [ImportLineItemDto] }) line_items_attributes?: ImportLineItemDto[];
  @ApiPropertyOptional({ type: ImportAddressDto }) bill_address_attributes?: ImportAddressDto;
  @ApiPropertyOptional({ type: ImportAddressDto }) ship_address_attributes?: ImportAddressDto;
  @ApiPropertyOptional({
    type: [ImportShipmentDto],
    description: 'Without them, a completed import gets the shipments the checkout would propose (cheapest rates)',
  })
  shipments_attributes?: ImportShipmentDto[];
  @ApiPropertyOptional({ type: [ImportPaymentDto] }) payments_attributes?: ImportPaymentDto[];
  @ApiPropertyOptional({ type: [ImportAdjustmentDto], description: 'Order adjustments, closed (they never change after the import)' })
  adjustments_attributes?: ImportAdjustmentDto[];
}

export class OrderImportBodyDto {
  @ApiProperty({ type: OrderImportParamsDto }) order: OrderImportParamsDto;
}
