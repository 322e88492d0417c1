import { Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiExtraModels, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiSecurity, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ErrorText, UnauthorizedError } from '../../common/errors/api-errors';
import { Public } from '../../common/auth/public.decorator';
import { RateLimited } from '../../common/http/rate-limit/rate-limit.interceptor';
import { ErrorResponse, InvalidResourceResponse } from '../../common/openapi/responses';
import { SignInDto } from './dto/user-params.dto';
import { SIGN_IN } from './rate-limits';
import { SIGN_IN_GROUPS, SignInParams } from './sign-in-fields';
import { ALL_PERMISSIONS, PERMISSIONS } from '../../common/auth/permissions';
import { CurrentSessionJson, serializeSession, serializeUser, SessionJson } from './user.serializer';
import { UsersService } from './users.service';

@ApiTags('users')
@ApiExtraModels(ErrorResponse, InvalidResourceResponse, SignInDto)
@Controller('api/sessions')
export class SessionsController {
  constructor(private readonly users: UsersService) {}

  @Post()
  @Public()
  @RateLimited(SIGN_IN)
  @ApiOperation({ summary: 'Sign in: exchange email and password for a new API key', description: 'The key works until signed out, or for `API_KEY_TTL` when the store sets one (`expires_at`).' })
  @ApiBody({
    description:
      'Flat, as the contract has it, or wrapped as sign-up takes it (`{"user":{"email":…,"password":…}}`) or as Spree\'s sign-in form sends it (`spree_user[email]=…`); the flat fields win when both are sent.',
    schema: {
      anyOf: [
        { $ref: getSchemaPath(SignInDto) },
        ...SIGN_IN_GROUPS.map((group) => ({ type: 'object', required: [group], properties: { [group]: { $ref: getSchemaPath(SignInDto) } } })),
      ],
    },
  })
  @ApiCreatedResponse({ type: SessionJson })
  @ApiResponse({
    status: 401,
    description: 'Invalid email or password.',
    content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorResponse) }, example: { error: ErrorText.invalidCredentials } } },
  })
  @ApiResponse({
    status: 422,
    description: 'The email or the password is blank',
    content: {
      'application/json': {
        schema: { $ref: getSchemaPath(InvalidResourceResponse) },
        example: { error: ErrorText.invalidResource, errors: { email: ["can't be blank"], password: ["can't be blank"] } },
      },
    },
  })
  async create(@SignInParams() params: SignInDto): Promise<SessionJson> {
    return serializeSession(await this.users.signIn(params.email, params.password));
  }

  @Get('current')
  @ApiSecurity('api-key')
  @ApiOperation({
    summary: 'The signed-in user and the permissions of its API key',
    description: 'What a back-office needs after sign-in (and on reload) to show who is signed in and to disable the actions its role forbids. A key with scopes is refused (401), as for every operation outside its scopes.',
  })
  @ApiOkResponse({ type: CurrentSessionJson })
  @ApiResponse({ status: 401, description: 'No API key sent (`You must specify an API key.`), or one that matches no user', type: ErrorResponse })
  async current(@CurrentCaller() caller: Caller): Promise<CurrentSessionJson> {
    if (caller.userId === null) throw new UnauthorizedError(ErrorText.mustSpecifyApiKey);
    const user = await this.users.findVisible(caller, caller.userId);
    const held = caller.admin ? ALL_PERMISSIONS : (caller.permissions ?? new Set<string>());
    return { user: serializeUser(user), admin: caller.admin, permissions: PERMISSIONS.filter((p) => held.has(p)) };
  }

  @Delete()
  @HttpCode(204)
  @ApiSecurity('api-key')
  @ApiOperation({ summary: 'Sign out: the API key this request is made with stops working', description: "The user's other keys (other sign-ins) keep working." })
  @ApiNoContentResponse({ description: 'Signed out' })
  @ApiResponse({ status: 401, description: 'No API key sent (`You must specify an API key.`), or one that matches no user', type: ErrorResponse })
  async destroy(@CurrentCaller() caller: Caller): Promise<void> {
    await this.users.signOut(caller);
  }
}
