import { Module } from '@nestjs/common';

// To be built: controller, service, serializer and dto/ for zones.
@Module({})
export class ZonesModule {}
