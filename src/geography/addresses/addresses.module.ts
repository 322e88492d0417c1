import { Module } from '@nestjs/common';
import { AddressesService } from './addresses.service';

/** Address rules and JSON, shared by users now and by orders (their endpoints come with checkout). */
@Module({ providers: [AddressesService], exports: [AddressesService] })
export class AddressesModule {}
