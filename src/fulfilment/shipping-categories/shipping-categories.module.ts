import { Module } from '@nestjs/common';

// To be built: controller, service, serializer and dto/ for shipping-categories.
@Module({})
export class ShippingCategoriesModule {}
