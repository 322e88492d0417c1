import { Module } from '@nestjs/common';

// To be built: controller, service, serializer and dto/ for states.
@Module({})
export class StatesModule {}
