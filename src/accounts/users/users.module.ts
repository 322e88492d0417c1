import { Module } from '@nestjs/common';

// To be built: controller, service, serializer and dto/ for users.
@Module({})
export class UsersModule {}
