import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OptionType } from './entities/option-type.entity';
import { OptionValue } from './entities/option-value.entity';
import { AllOptionValuesController, OptionTypesController, OptionValuesController } from './option-types.controller';
import { OptionTypesService } from './option-types.service';

@Module({
  imports: [TypeOrmModule.forFeature([OptionType, OptionValue])],
  controllers: [OptionTypesController, OptionValuesController, AllOptionValuesController],
  providers: [OptionTypesService],
  exports: [OptionTypesService],
})
export class OptionTypesModule {}
