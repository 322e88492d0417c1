import { Controller, Delete, Get, HttpCode } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ApiInvalid, ApiNotFound } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { AccountExportJson } from './account-export.serializer';
import { AccountDataService } from './account-data.service';
import { NotFoundDenial } from '../../common/auth/public.decorator';

@ApiTags('users')
@ApiSecurity('api-key')
@NotFoundDenial()
@Controller('api/users')
export class AccountDataController {
  constructor(private readonly data: AccountDataService) {}

  @Get(':id/export')
  @ApiOperation({
    summary: "Export a user's data (admins: any; a user: itself)",
    description: 'The user, the address book, every order (as `GET /api/orders/{number}` shows it, without the order token), saved cards (last digits only) and the mails sent.',
  })
  @ApiOkResponse({ type: AccountExportJson })
  @ApiNotFound()
  export(@CurrentCaller() caller: Caller, @IdParam() id: number): Promise<AccountExportJson> {
    return this.data.export(caller, id);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Delete a user (admins: any; a user: itself)',
    description:
      'The account goes with its API keys and address book; its orders stay for the books (numbers, states, totals) without the person: ' +
      'no user, e-mail, names, streets or phones. Refused (422 on `base`) while one of its placed orders is not yet shipped in full or awaits a return.',
  })
  @ApiNoContentResponse()
  @ApiNotFound()
  @ApiInvalid()
  async destroy(@CurrentCaller() caller: Caller, @IdParam() id: number): Promise<void> {
    await this.data.delete(caller, id);
  }
}
