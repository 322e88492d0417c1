import { Module } from '@nestjs/common';

// To be built: controller, service, serializer and dto/ for products.
@Module({})
export class ProductsModule {}
