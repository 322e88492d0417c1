import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Country } from '../countries/entities/country.entity';
import { State } from './entities/state.entity';
import { StatesController } from './states.controller';
import { StatesService } from './states.service';

@Module({
  imports: [TypeOrmModule.forFeature([State, Country])],
  controllers: [StatesController],
  providers: [StatesService],
  exports: [StatesService],
})
export class StatesModule {}
