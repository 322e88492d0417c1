import { Module } from '@nestjs/common';
import { ProductsModule } from './products/products.module';
import { VariantsModule } from './variants/variants.module';
import { ImagesModule } from './images/images.module';
import { OptionTypesModule } from './option-types/option-types.module';
import { PropertiesModule } from './properties/properties.module';
import { TaxonomiesModule } from './taxonomies/taxonomies.module';

/** Products, variants, option types, properties, images, taxonomies and taxons. */
@Module({ imports: [ProductsModule, VariantsModule, ImagesModule, OptionTypesModule, PropertiesModule, TaxonomiesModule] })
export class CatalogDomainModule {}
