import { Controller, Get, Ip, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { NotFoundDenial, Public } from '../../common/auth/public.decorator';
import { ApiTooManyRequests, RateLimited } from '../../common/http/rate-limit/rate-limit.interceptor';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { CreateUserDto, UpdateUserDto } from './dto/user-params.dto';
import { NewUserJson, serializeSession, serializeUser, SessionJson, UserJson } from './user.serializer';
import { SIGN_UP } from './rate-limits';
import { USER_SEARCH, UsersService } from './users.service';

// Security per operation, not controller-wide: the list and `new` answer
// anonymously (an empty list, the static attributes: as Spree 2.2 does), so
// their key is optional; show and update are for an admin or the user itself.
@ApiTags('users')
@Controller('api/users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOperation({ summary: 'List users (admins: all; a user: itself only; no key: an empty list, as Spree 2.2)' })
  @ApiListResponse('users', UserJson, { searchable: Object.keys(USER_SEARCH.attributes) })
  async index(@CurrentCaller() caller: Caller, @Query() query: Record<string, unknown>) {
    return listBody('users', await this.users.list(caller, listParams(query)), serializeUser);
  }

  @Get('new')
  @ApiOperation({ summary: 'Attributes of a user, and those required to create one (anyone)' })
  @ApiOkResponse({ type: NewUserJson })
  new(): NewUserJson {
    return { attributes: ['id', 'email', 'created_at', 'updated_at'], required_attributes: ['email', 'password'] };
  }

  @Get(':id')
  @ApiSecurity('api-key')
  @NotFoundDenial()
  @ApiOperation({ summary: 'Show a user (admins: any; a user: itself)' })
  @ApiOkResponse({ type: UserJson })
  @ApiNotFound()
  async show(@CurrentCaller() caller: Caller, @IdParam() id: number): Promise<UserJson> {
    return serializeUser(await this.users.findVisible(caller, id));
  }

  @Post()
  @Public()
  @RateLimited(SIGN_UP)
  @ApiOperation({
    summary: 'Sign up: create a user (anyone)',
    description:
      'With `REQUIRE_EMAIL_VERIFICATION` the new user is mailed a link to confirm the e-mail (`PUT /api/confirmations/{token}`) and signs in once it is used. ' +
      'A user made by an admin counts as verified.',
  })
  @ApiWrappedBody('user', CreateUserDto)
  @ApiCreatedResponse({ type: UserJson })
  @ApiInvalid()
  async create(@CurrentCaller() caller: Caller, @ResourceParams('user', CreateUserDto) params: CreateUserDto): Promise<UserJson> {
    return serializeUser(await this.users.create(params, { verified: caller.admin }));
  }

  @Update(':id')
  @ApiSecurity('api-key')
  @NotFoundDenial()
  @ApiOperation({
    summary: 'Update a user (admins: any; a user: itself)',
    description:
      'Changing `password` or `email` needs `current_password` (the password as it is now), except for an admin changing another user; ' +
      'each one checked counts against the sign-in rate limits (429 over them). Addresses change with the API key alone. ' +
      "A new password revokes the user's other API keys (other sign-ins); the key that made the change stays valid. Set by an admin, it revokes them all. " +
      'A new `email` set by the user itself waits for confirmation: the answer shows it as `unconfirmed_email`, a link is mailed to it (`PUT /api/confirmations/{token}` makes it the e-mail) ' +
      'and the old address is told; sending the current e-mail again cancels it. An admin changing another user sets it at once (the old address is told).',
  })
  @ApiWrappedBody('user', UpdateUserDto)
  @ApiOkResponse({ type: UserJson })
  @ApiNotFound()
  @ApiInvalid()
  @ApiTooManyRequests()
  async update(@CurrentCaller() caller: Caller, @IdParam() id: number, @ResourceParams('user', UpdateUserDto) params: UpdateUserDto, @Ip() clientAddress: string): Promise<UserJson> {
    return serializeUser(await this.users.update(caller, id, params, clientAddress));
  }

  @Put(':id/generate_api_key')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({
    summary: "Issue a new API key for a user (admin; Spree's generate_api_key)",
    description:
      "The user's keys are replaced by one new key, answered here once (only its digest is kept); it lasts `API_KEY_TTL` when the store sets one. " +
      'Non-admins are told the user is not there (404), themselves included.',
  })
  @ApiOkResponse({ type: SessionJson })
  async generateApiKey(@CurrentCaller() caller: Caller, @IdParam() id: number): Promise<SessionJson> {
    return serializeSession(await this.users.generateApiKey(caller, id));
  }

  @Put(':id/clear_api_key')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({
    summary: "Revoke every API key of a user (admin; Spree's clear_api_key)",
    description: 'Every sign-in of the user ends; signing in again makes a new key. Non-admins are told the user is not there (404), themselves included.',
  })
  @ApiOkResponse({ type: UserJson })
  async clearApiKey(@CurrentCaller() caller: Caller, @IdParam() id: number): Promise<UserJson> {
    return serializeUser(await this.users.clearApiKeys(caller, id));
  }
}
