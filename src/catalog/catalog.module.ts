import { Module } from '@nestjs/common';

/** Products, variants, option types, properties, images, taxonomies and taxons. */
@Module({ imports: [] })
export class CatalogModule {}
