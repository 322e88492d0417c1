import { Module } from '@nestjs/common';

// To be built: controller, service, serializer and dto/ for images.
@Module({})
export class ImagesModule {}
