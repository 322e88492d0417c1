import { Controller, Post } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/public.decorator';
import { RateLimited } from '../../common/http/rate-limit/rate-limit.interceptor';
import { ErrorResponse } from '../../common/openapi/responses';
import { FlatParams } from '../../common/params/resource-params';
import { SignInDto } from './dto/user-params.dto';
import { SIGN_IN } from './rate-limits';
import { serializeUser, SessionJson } from './user.serializer';
import { UsersService } from './users.service';

@ApiTags('users')
@Controller('api/sessions')
export class SessionsController {
  constructor(private readonly users: UsersService) {}

  @Post()
  @Public()
  @RateLimited(SIGN_IN)
  @ApiOperation({ summary: 'Sign in: exchange email and password for a new API key' })
  @ApiBody({ type: SignInDto })
  @ApiCreatedResponse({ type: SessionJson })
  @ApiResponse({ status: 401, description: 'Invalid email or password.', type: ErrorResponse })
  async create(@FlatParams(SignInDto) params: SignInDto): Promise<SessionJson> {
    const { apiKey, user } = await this.users.signIn(params.email, params.password);
    return { api_key: apiKey, user: serializeUser(user) };
  }
}
