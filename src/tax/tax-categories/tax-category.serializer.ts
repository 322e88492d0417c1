import { ApiProperty } from '@nestjs/swagger';
import { TaxCategory } from './entities/tax-category.entity';

export class TaxCategoryJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'Default' }) name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty() is_default: boolean;
  @ApiProperty({ type: String, nullable: true }) tax_code: string | null;
}

export function serializeTaxCategory(category: TaxCategory): TaxCategoryJson {
  return { id: category.id, name: category.name, description: category.description, is_default: category.isDefault, tax_code: category.taxCode };
}
