import { Module } from '@nestjs/common';

/** Stock locations, stock items and stock movements. */
@Module({ imports: [] })
export class InventoryModule {}
