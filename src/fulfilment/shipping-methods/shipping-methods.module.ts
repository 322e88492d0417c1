import { Module } from '@nestjs/common';

// To be built: controller, service, serializer and dto/ for shipping-methods.
@Module({})
export class ShippingMethodsModule {}
