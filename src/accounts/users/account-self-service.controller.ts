import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Public } from '../../common/auth/public.decorator';
import { RateLimited } from '../../common/http/rate-limit/rate-limit.interceptor';
import { Update } from '../../common/http/update-route';
import { ApiInvalid, ApiWrappedBody } from '../../common/openapi/responses';
import { ResourceParams } from '../../common/params/resource-params';
import { AccountMailRequestDto, PasswordResetDto } from './dto/user-params.dto';
import { ACCOUNT_MAIL_REQUEST } from './rate-limits';
import { AccountSelfService } from './account-self-service';
import { serializeUser, UserJson } from './user.serializer';

const ACCEPTED = { description: 'Taken: a mail goes out if an account needs one. The same answer whether or not an account has this e-mail.', schema: { type: 'object', properties: {}, additionalProperties: false, example: {} } };
const TOKEN_PARAM = { name: 'token', description: 'The token of the link mailed (one use; it stops working when a newer one is mailed or it expires)', schema: { type: 'string', maxLength: 200 } };

/** Password reset: `POST /api/passwords` mails a link, `PUT /api/passwords/:token` sets the new password. */
@ApiTags('users')
@Controller('api/passwords')
export class PasswordsController {
  constructor(private readonly selfService: AccountSelfService) {}

  @Post()
  @HttpCode(202)
  @Public()
  @RateLimited(ACCOUNT_MAIL_REQUEST)
  @ApiOperation({
    summary: 'Ask for a password reset link (anyone)',
    description:
      'Always 202 with `{}`: for an account with this e-mail a link to `STOREFRONT_URL/password/reset?token=…` is mailed, valid `PASSWORD_RESET_TTL` (1 hour) and once; ' +
      'a newer request voids it. Nothing tells whether the account exists. Limited per e-mail and per client address (429).',
  })
  @ApiWrappedBody('user', AccountMailRequestDto)
  @ApiAcceptedResponse(ACCEPTED)
  @ApiInvalid()
  async create(@ResourceParams('user', AccountMailRequestDto) params: AccountMailRequestDto): Promise<Record<string, never>> {
    await this.selfService.request('password_reset', params.email);
    return {};
  }

  @Update(':token')
  @Public()
  @ApiOperation({
    summary: 'Set a new password with the token of a reset link (anyone holding it)',
    description:
      "The user's every API key stops working (sign in again with the new password); the token is used up. " +
      'A token unknown, used, replaced by a newer one or expired: 422 on `token`.',
  })
  @ApiParam(TOKEN_PARAM)
  @ApiWrappedBody('user', PasswordResetDto)
  @ApiOkResponse({ type: UserJson })
  @ApiInvalid()
  async update(@Param('token') token: string, @ResourceParams('user', PasswordResetDto) params: PasswordResetDto): Promise<UserJson> {
    return serializeUser(await this.selfService.resetPassword(token, params));
  }
}

/** E-mail confirmation: a new e-mail, or the sign-up's (REQUIRE_EMAIL_VERIFICATION). */
@ApiTags('users')
@Controller('api/confirmations')
export class ConfirmationsController {
  constructor(private readonly selfService: AccountSelfService) {}

  @Post()
  @HttpCode(202)
  @Public()
  @RateLimited(ACCOUNT_MAIL_REQUEST)
  @ApiOperation({
    summary: "Ask again for the link that verifies an account's e-mail (anyone)",
    description:
      'Always 202 with `{}`: an account with this e-mail not yet verified is mailed a new link to `STOREFRONT_URL/email/confirm?token=…` (the older one stops working). ' +
      'Nothing tells whether the account exists. Limited per e-mail and per client address (429).',
  })
  @ApiWrappedBody('user', AccountMailRequestDto)
  @ApiAcceptedResponse(ACCEPTED)
  @ApiInvalid()
  async create(@ResourceParams('user', AccountMailRequestDto) params: AccountMailRequestDto): Promise<Record<string, never>> {
    await this.selfService.request('email_verification', params.email);
    return {};
  }

  @Update(':token')
  @HttpCode(200)
  @Public()
  @ApiOperation({
    summary: 'Confirm an e-mail with the token of a confirmation link (anyone holding it)',
    description:
      "A new e-mail waiting for confirmation becomes the account's (422 on `email` if another account has it by now); otherwise the sign-up's e-mail is verified. " +
      'A token unknown, used, replaced or expired (`EMAIL_CONFIRMATION_TTL`, 3 days): 422 on `token`.',
  })
  @ApiParam(TOKEN_PARAM)
  @ApiOkResponse({ type: UserJson })
  @ApiInvalid()
  async update(@Param('token') token: string): Promise<UserJson> {
    return serializeUser(await this.selfService.confirm(token));
  }
}
