import { Module } from '@nestjs/common';

/** Tax categories and tax rates. */
@Module({ imports: [] })
export class TaxModule {}
