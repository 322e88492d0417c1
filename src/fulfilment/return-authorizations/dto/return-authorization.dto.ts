import { IntegerField, CurrencyMoneyField, StringField, TextField } from '../../../common/params/fields';

/**
 * `return_authorization[...]`: Spree's permitted_return_authorization_attributes
 * (amount, reason, stock_location_id) plus `number`, which commerce-api.md
 * lists as the payload (generated when not given).
 */
export class ReturnAuthorizationParamsDto {
  @CurrencyMoneyField({ example: '14.22', description: 'The credit for the returned goods; a negative value is taken as positive. At most what was paid on the order less the amounts of its other return authorizations that are not canceled. Default 0.' })
  amount?: string | null;
  @TextField({ description: 'Why the goods come back' }) reason?: string | null;
  @IntegerField({ description: 'Where received units go back to stock; when absent, each unit goes back to the location it was shipped from' })
  stock_location_id?: number | null;
  @StringField({ maxLength: 32, example: 'RMA123456789', description: '"RMA" followed by 9 digits, unique; generated when not given' }) number?: string | null;
}

/** PUT …/:id/add: flat parameters, as Spree reads them. */
export class AddReturnUnitsDto {
  @IntegerField({ required: true, description: 'A variant among the order’s shipped units' }) variant_id: number;
  @IntegerField({
    required: true,
    minimum: 0,
    description: 'How many units of the variant the authorization should hold: units are attached (or detached, when lower than it holds now) to match; 0 removes the variant',
  })
  quantity: number;
}
