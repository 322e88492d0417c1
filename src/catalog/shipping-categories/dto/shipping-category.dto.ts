import { StringField } from '../../../common/params/fields';

export class CreateShippingCategoryDto {
  @StringField({ required: true, example: 'Oversized' }) name: string;
}

export class UpdateShippingCategoryDto {
  @StringField({ nullable: false, example: 'Oversized' }) name?: string | null;
}
