import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Image } from './entities/image.entity';
import { ImagesService } from './images.service';
import { ProductImagesController, VariantImagesController } from './images.controller';

@Module({
  imports: [TypeOrmModule.forFeature([Image])],
  controllers: [ProductImagesController, VariantImagesController],
  providers: [ImagesService],
  exports: [ImagesService],
})
export class ImagesModule {}
