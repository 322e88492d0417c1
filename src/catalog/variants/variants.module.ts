import { Module } from '@nestjs/common';

// To be built: controller, service, serializer and dto/ for variants.
@Module({})
export class VariantsModule {}
