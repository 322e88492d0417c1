import { Module } from '@nestjs/common';

// To be built: controller, service, serializer and dto/ for taxonomies.
@Module({})
export class TaxonomiesModule {}
