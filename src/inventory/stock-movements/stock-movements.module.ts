import { Module } from '@nestjs/common';

// To be built: controller, service, serializer and dto/ for stock-movements.
@Module({})
export class StockMovementsModule {}
