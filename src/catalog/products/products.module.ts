import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PropertiesModule } from '../properties/properties.module';
import { VariantsModule } from '../variants/variants.module';
import { Product } from './entities/product.entity';
import { ProductsController, TaxonProductsController } from './products.controller';
import { ProductPageCache } from './product-page-cache';
import { ProductPageHits } from './product-page-hits';
import { ProductsService } from './products.service';

@Module({
  imports: [TypeOrmModule.forFeature([Product]), VariantsModule, PropertiesModule],
  controllers: [ProductsController, TaxonProductsController],
  providers: [ProductsService, ProductPageCache],
  exports: [ProductsService],
})
export class ProductsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // Kept product pages are answered before Nest's pipeline (product-page-hits.ts).
    consumer.apply(ProductPageHits).forRoutes({ path: 'api/products/:id', method: RequestMethod.GET });
  }
}
