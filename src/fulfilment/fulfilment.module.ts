import { Module } from '@nestjs/common';

/** Shipping categories and shipping methods (shipments come with orders). */
@Module({ imports: [] })
export class FulfilmentModule {}
