import { Module } from '@nestjs/common';

// To be built: controller, service, serializer and dto/ for option-types.
@Module({})
export class OptionTypesModule {}
