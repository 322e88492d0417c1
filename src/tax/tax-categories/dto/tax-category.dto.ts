import { BooleanField, StringField } from '../../../common/params/fields';

const DEFAULT = 'Setting it makes this the only default category.';

export class CreateTaxCategoryDto {
  @StringField({ required: true, example: 'Clothing' }) name: string;
  @StringField({ example: 'Clothing and shoes' }) description?: string | null;
  @BooleanField({ description: `Default false. ${DEFAULT}` }) is_default?: boolean | null;
  @StringField({ example: 'PC040100' }) tax_code?: string | null;
}

export class UpdateTaxCategoryDto {
  @StringField({ nullable: false, example: 'Clothing' }) name?: string | null;
  @StringField({ example: 'Clothing and shoes' }) description?: string | null;
  @BooleanField({ description: DEFAULT }) is_default?: boolean | null;
  @StringField({ example: 'PC040100' }) tax_code?: string | null;
}
