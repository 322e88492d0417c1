import { Module } from '@nestjs/common';

// To be built: controller, service, serializer and dto/ for properties.
@Module({})
export class PropertiesModule {}
