import { ApiProperty } from '@nestjs/swagger';
import { displayMoney, moneyIn } from '../../common/money/money';
import { Adjustment } from './entities/adjustment.entity';

/** Spree's adjustments/show.v1.rabl. */
export class AdjustmentJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: String, nullable: true, example: 'Spree::TaxRate' }) source_type: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) source_id: number | null;
  @ApiProperty({ example: 'Spree::LineItem' }) adjustable_type: string;
  @ApiProperty({ type: 'integer' }) adjustable_id: number;
  @ApiProperty({ example: '1.50' }) amount: string;
  @ApiProperty({ example: '$1.50' }) display_amount: string;
  @ApiProperty({ example: 'Sales Tax 5.0%' }) label: string;
  @ApiProperty() mandatory: boolean;
  @ApiProperty() eligible: boolean;
  @ApiProperty({ description: 'Tax already inside the price: shown, not added to the total' }) included: boolean;
  @ApiProperty({ example: 'open' }) state: string;
  @ApiProperty() created_at: Date;
  @ApiProperty() updated_at: Date;
}

export function serializeAdjustment(a: Adjustment, currency: string): AdjustmentJson {
  return {
    id: a.id,
    source_type: a.sourceType,
    source_id: a.sourceId,
    adjustable_type: a.adjustableType,
    adjustable_id: a.adjustableId,
    amount: moneyIn(a.amount, currency),
    display_amount: displayMoney(a.amount, currency),
    label: a.label,
    mandatory: a.mandatory,
    eligible: a.eligible,
    included: a.included,
    state: a.state,
    created_at: a.createdAt,
    updated_at: a.updatedAt,
  };
}
