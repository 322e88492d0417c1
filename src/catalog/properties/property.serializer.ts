import { ApiProperty } from '@nestjs/swagger';
import { Property } from './entities/property.entity';
import { ProductProperty } from './entities/product-property.entity';

/** Spree's `property_attributes`. */
export class PropertyJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'fabric' }) name: string;
  @ApiProperty({ example: 'Fabric' }) presentation: string;
}

/** Spree's `product_property_attributes`. */
export class ProductPropertyJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: 'integer' }) product_id: number;
  @ApiProperty({ type: 'integer' }) property_id: number;
  @ApiProperty({ type: 'string', nullable: true, example: 'cotton' }) value: string | null;
  @ApiProperty({ example: 'fabric' }) property_name: string;
}

/** `GET .../new`: what a client may send. */
export class DescribeAttributesJson {
  @ApiProperty({ type: [String] }) attributes: string[];
  @ApiProperty({ type: [String] }) required_attributes: string[];
}

export function serializeProperty(property: Property): PropertyJson {
  return { id: property.id, name: property.name, presentation: property.presentation };
}

/** `propertyName` is the name of the row's property (loaded with it or from a map). */
export function serializeProductProperty(pp: Pick<ProductProperty, 'id' | 'productId' | 'propertyId' | 'value'>, propertyName: string): ProductPropertyJson {
  return { id: pp.id, product_id: pp.productId, property_id: pp.propertyId, value: pp.value, property_name: propertyName };
}
