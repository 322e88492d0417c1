import { BooleanField } from '../../../common/params/fields';

/** `credit_card[...]` of PUT /api/users/:id/credit_cards/:card_id: what the customer may change of a saved card. */
export class CreditCardParamsDto {
  @BooleanField({ blank: 'absent', description: 'true: make it the default card (the others stop being so); false: stop it being the chosen default' })
  default?: boolean;
}
