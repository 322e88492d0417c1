import { ApiProperty } from '@nestjs/swagger';
import { moneyString } from '../../common/money/money';
import { ReturnAuthorization } from './entities/return-authorization.entity';
import { RETURN_AUTHORIZATION_STATES, ReturnAuthorizationState } from './return-authorization-states';

/** Spree's return_authorization_attributes (return_authorizations/show.v1.rabl). */
export class ReturnAuthorizationJson {
  @ApiProperty({ type: 'integer', example: 1 }) id: number;
  @ApiProperty({ example: 'RMA123456789' }) number: string;
  @ApiProperty({ enum: RETURN_AUTHORIZATION_STATES, example: 'authorized' }) state: ReturnAuthorizationState;
  @ApiProperty({ type: Number, example: 14.22, description: 'The credit, a JSON number with up to the order currency’s decimals (two for USD, none for JPY; commerce-api.md)' }) amount: number;
  @ApiProperty({ type: 'integer', example: 1 }) order_id: number;
  @ApiProperty({ type: String, nullable: true, example: 'Defective' }) reason: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) created_at: Date;
  @ApiProperty({ type: String, format: 'date-time' }) updated_at: Date;
}

/** `GET …/return_authorizations/new` (return_authorizations/new.v1.rabl). */
export class ReturnAuthorizationDescriptionJson {
  @ApiProperty({ type: [String] }) attributes: string[];
  @ApiProperty({ type: [String] }) required_attributes: string[];
}

export const RETURN_AUTHORIZATION_DESCRIPTION: ReturnAuthorizationDescriptionJson = {
  attributes: ['id', 'number', 'state', 'amount', 'order_id', 'reason', 'created_at', 'updated_at'],
  required_attributes: ['order'],
};

export function serializeReturnAuthorization(ra: ReturnAuthorization): ReturnAuthorizationJson {
  return {
    id: ra.id,
    number: ra.number,
    state: ra.state,
    // The exact cents as a number: "14.22" → 14.22.
    amount: Number(moneyString(ra.amount)),
    order_id: ra.orderId,
    reason: ra.reason,
    created_at: ra.createdAt,
    updated_at: ra.updatedAt,
  };
}
