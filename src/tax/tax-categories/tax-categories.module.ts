import { Module } from '@nestjs/common';

// To be built: controller, service, serializer and dto/ for tax-categories.
@Module({})
export class TaxCategoriesModule {}
