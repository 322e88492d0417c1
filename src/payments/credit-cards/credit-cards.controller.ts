import { Controller, Delete, Get, HttpCode, Query } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { Update } from '../../common/http/update-route';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { SavedCardJson } from './credit-card.serializer';
import { CreditCardsService, SAVED_CARD_SEARCH } from './credit-cards.service';
import { CreditCardParamsDto } from './dto/credit-card-params.dto';
import { NotFoundDenial } from '../../common/auth/public.decorator';

const ACCESS = 'The user or an admin; anyone else is told there is no such user (404).';

@ApiTags('users')
@ApiSecurity('api-key')
@NotFoundDenial()
@Controller('api/users/:id/credit_cards')
export class CreditCardsController {
  constructor(private readonly cards: CreditCardsService) {}

  @Get()
  @ApiOperation({
    summary: "List a user's saved cards, latest first",
    description: `${ACCESS} The cards the user's orders were paid with and not removed; pay with one again with \`existing_card\` at checkout.`,
  })
  @ApiListResponse('credit_cards', SavedCardJson, { searchable: Object.keys(SAVED_CARD_SEARCH.attributes) })
  @ApiNotFound()
  async index(@CurrentCaller() caller: Caller, @IdParam() id: number, @Query() query: Record<string, unknown>) {
    return listBody('credit_cards', await this.cards.list(caller, id, listParams(query)), (card) => card);
  }

  @Get(':card_id')
  @ApiOperation({ summary: "Show one of a user's saved cards", description: ACCESS })
  @ApiOkResponse({ type: SavedCardJson })
  @ApiNotFound()
  show(@CurrentCaller() caller: Caller, @IdParam() id: number, @IdParam('card_id') cardId: number): Promise<SavedCardJson> {
    return this.cards.show(caller, id, cardId);
  }

  @Update(':card_id')
  @ApiOperation({ summary: 'Make a saved card the default (or stop it being so)', description: ACCESS })
  @ApiWrappedBody('credit_card', CreditCardParamsDto)
  @ApiOkResponse({ type: SavedCardJson })
  @ApiNotFound()
  @ApiInvalid()
  update(
    @CurrentCaller() caller: Caller,
    @IdParam() id: number,
    @IdParam('card_id') cardId: number,
    @ResourceParams('credit_card', CreditCardParamsDto) params: CreditCardParamsDto,
  ): Promise<SavedCardJson> {
    return this.cards.update(caller, id, cardId, params);
  }

  @Delete(':card_id')
  @HttpCode(204)
  @ApiOperation({ summary: "Remove a saved card", description: `${ACCESS} Payments made with it keep showing it; it cannot pay again (\`existing_card\` answers 422).` })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiNotFound()
  async destroy(@CurrentCaller() caller: Caller, @IdParam() id: number, @IdParam('card_id') cardId: number): Promise<void> {
    await this.cards.remove(caller, id, cardId);
  }
}
