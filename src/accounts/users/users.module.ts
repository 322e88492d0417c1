import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AddressesModule } from '../../geography/addresses/addresses.module';
import { ApiKey } from './entities/api-key.entity';
import { User } from './entities/user.entity';
import { SessionsController } from './sessions.controller';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';
import { AccountSelfService } from './account-self-service';
import { ConfirmationsController, PasswordsController } from './account-self-service.controller';

@Module({
  imports: [TypeOrmModule.forFeature([User, ApiKey]), AddressesModule],
  controllers: [UsersController, SessionsController, PasswordsController, ConfirmationsController],
  providers: [UsersService, AccountSelfService],
  exports: [UsersService],
})
export class UsersModule {}
