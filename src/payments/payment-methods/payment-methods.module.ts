import { Module } from '@nestjs/common';

// To be built: controller, service, serializer and dto/ for payment-methods.
@Module({})
export class PaymentMethodsModule {}
