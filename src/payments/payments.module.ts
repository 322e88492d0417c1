import { Module } from '@nestjs/common';

/** Payment methods (payments come with orders). */
@Module({ imports: [] })
export class PaymentsModule {}
