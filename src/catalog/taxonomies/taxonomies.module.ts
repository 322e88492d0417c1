import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClassificationsController } from './classifications.controller';
import { ClassificationsService } from './classifications.service';
import { Classification } from './entities/classification.entity';
import { Taxon } from './entities/taxon.entity';
import { Taxonomy } from './entities/taxonomy.entity';
import { TaxonomiesController } from './taxonomies.controller';
import { TaxonomiesService } from './taxonomies.service';
import { TaxonTreeService } from './taxon-tree.service';
import { TaxonomyTaxonsController, TaxonsController } from './taxons.controller';
import { TaxonsService } from './taxons.service';

/** Taxonomies, their taxon trees, and products' places in taxons (classifications). */
@Module({
  imports: [TypeOrmModule.forFeature([Taxonomy, Taxon, Classification])],
  controllers: [TaxonomiesController, TaxonomyTaxonsController, TaxonsController, ClassificationsController],
  providers: [TaxonomiesService, TaxonsService, TaxonTreeService, ClassificationsService],
  exports: [TaxonTreeService, TaxonsService],
})
export class TaxonomiesModule {}
