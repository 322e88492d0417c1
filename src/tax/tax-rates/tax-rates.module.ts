import { Module } from '@nestjs/common';

// To be built: controller, service, serializer and dto/ for tax-rates.
@Module({})
export class TaxRatesModule {}
