import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Image } from './entities/image.entity';
import { ImagesService } from './images.service';
import { ProductImagesController, VariantImagesController } from './images.controller';
import { StorageModule } from '../../common/storage/storage.module';
import { ImageUploadInterceptor } from './image-upload.interceptor';

@Module({
  imports: [TypeOrmModule.forFeature([Image]), StorageModule],
  controllers: [ProductImagesController, VariantImagesController],
  providers: [ImagesService, ImageUploadInterceptor],
  exports: [ImagesService],
})
export class ImagesModule {}
