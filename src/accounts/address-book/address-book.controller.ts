import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { Update } from '../../common/http/update-route';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { AddressBookEntryJson } from './address-book.serializer';
import { ADDRESS_BOOK_SEARCH, AddressBookService } from './address-book.service';
import { AddressBookParamsDto } from './dto/address-book-params.dto';
import { NotFoundDenial } from '../../common/auth/public.decorator';

const ACCESS = 'The user or an admin; anyone else is told there is no such user (404).';

@ApiTags('users')
@ApiSecurity('api-key')
@NotFoundDenial()
@Controller('api/users/:id/addresses')
export class AddressBookController {
  constructor(private readonly book: AddressBookService) {}

  @Get()
  @ApiOperation({ summary: "List a user's address book", description: ACCESS })
  @ApiListResponse('addresses', AddressBookEntryJson, { searchable: Object.keys(ADDRESS_BOOK_SEARCH.attributes) })
  @ApiNotFound()
  async index(@CurrentCaller() caller: Caller, @IdParam() id: number, @Query() query: Record<string, unknown>) {
    return listBody('addresses', await this.book.list(caller, id, listParams(query)), (entry) => entry);
  }

  @Get(':address_id')
  @ApiOperation({ summary: "Show an address of a user's book", description: ACCESS })
  @ApiOkResponse({ type: AddressBookEntryJson })
  @ApiNotFound()
  show(@CurrentCaller() caller: Caller, @IdParam() id: number, @IdParam('address_id') addressId: number): Promise<AddressBookEntryJson> {
    return this.book.show(caller, id, addressId);
  }

  @Post()
  @ApiOperation({
    summary: "Add an address to a user's book",
    description: `${ACCESS} The first address becomes the default bill and ship address where the user has none (unless \`default_bill\`/\`default_ship\` say false).`,
  })
  @ApiWrappedBody('address', AddressBookParamsDto, { requires: ['firstname', 'lastname', 'address1', 'city', 'zipcode', 'phone', 'country_id'] })
  @ApiCreatedResponse({ type: AddressBookEntryJson })
  @ApiNotFound()
  @ApiInvalid()
  create(@CurrentCaller() caller: Caller, @IdParam() id: number, @ResourceParams('address', AddressBookParamsDto) params: AddressBookParamsDto): Promise<AddressBookEntryJson> {
    return this.book.create(caller, id, params);
  }

  @Update(':address_id')
  @ApiOperation({
    summary: "Change an address of a user's book",
    description:
      `${ACCESS} An address a completed order uses is never changed in place: the change makes a new address (another \`id\` in the answer) ` +
      'that takes its place in the book and as a default; the order keeps the old one.',
  })
  @ApiWrappedBody('address', AddressBookParamsDto)
  @ApiOkResponse({ type: AddressBookEntryJson })
  @ApiNotFound()
  @ApiInvalid()
  update(
    @CurrentCaller() caller: Caller,
    @IdParam() id: number,
    @IdParam('address_id') addressId: number,
    @ResourceParams('address', AddressBookParamsDto) params: AddressBookParamsDto,
  ): Promise<AddressBookEntryJson> {
    return this.book.update(caller, id, addressId, params);
  }

  @Delete(':address_id')
  @HttpCode(204)
  @ApiOperation({ summary: "Remove an address from a user's book", description: `${ACCESS} An order that uses it keeps it; it stops being a default.` })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiNotFound()
  async destroy(@CurrentCaller() caller: Caller, @IdParam() id: number, @IdParam('address_id') addressId: number): Promise<void> {
    await this.book.remove(caller, id, addressId);
  }
}
