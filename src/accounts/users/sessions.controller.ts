import { Controller, Post } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiExtraModels, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { ErrorText } from '../../common/errors/api-errors';
import { Public } from '../../common/auth/public.decorator';
import { RateLimited } from '../../common/http/rate-limit/rate-limit.interceptor';
import { ErrorResponse, InvalidResourceResponse } from '../../common/openapi/responses';
import { FlatParams } from '../../common/params/resource-params';
import { SignInDto } from './dto/user-params.dto';
import { SIGN_IN } from './rate-limits';
import { serializeUser, SessionJson } from './user.serializer';
import { UsersService } from './users.service';

@ApiTags('users')
@ApiExtraModels(ErrorResponse, InvalidResourceResponse)
@Controller('api/sessions')
export class SessionsController {
  constructor(private readonly users: UsersService) {}

  @Post()
  @Public()
  @RateLimited(SIGN_IN)
  @ApiOperation({ summary: 'Sign in: exchange email and password for a new API key' })
  @ApiBody({ type: SignInDto })
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
  async create(@FlatParams(SignInDto) params: SignInDto): Promise<SessionJson> {
    const { apiKey, user } = await this.users.signIn(params.email, params.password);
    return { api_key: apiKey, user: serializeUser(user) };
  }
}
