import { ApiProperty } from '@nestjs/swagger';
import { ShippingCategory } from './entities/shipping-category.entity';

export class ShippingCategoryJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'Default' }) name: string;
}

export function serializeShippingCategory(category: ShippingCategory): ShippingCategoryJson {
  return { id: category.id, name: category.name };
}
