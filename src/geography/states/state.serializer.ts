import { ApiProperty } from '@nestjs/swagger';
import { State } from './entities/state.entity';

/** Spree's `state_attributes` (states/show.v1.rabl). */
export class StateJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'New York' }) name: string;
  @ApiProperty({ example: 'NY' }) abbr: string;
  @ApiProperty({ type: 'integer' }) country_id: number;
}

export function serializeState(state: State): StateJson {
  return { id: state.id, name: state.name, abbr: state.abbr, country_id: state.countryId };
}
