import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Country } from '../countries/entities/country.entity';
import { State } from '../states/entities/state.entity';
import { Zone } from './entities/zone.entity';
import { ZoneMember } from './entities/zone-member.entity';
import { ZoneWriteGuard } from './zone-write.guard';
import { ZonesController } from './zones.controller';
import { ZonesService } from './zones.service';

@Module({
  imports: [TypeOrmModule.forFeature([Zone, ZoneMember, Country, State])],
  controllers: [ZonesController],
  providers: [ZonesService, ZoneWriteGuard],
  exports: [ZonesService],
})
export class ZonesModule {}
