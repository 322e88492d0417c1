import { Injectable } from '@nestjs/common';
import type { ApplicableRate } from './tax-calculator';
import type { TaxProvider, TaxRequest } from './tax-provider';

/**
 * The default tax provider (`builtin`): the store's own tax rates, those whose
 * zone covers the order's ship address (the default tax zone's without one).
 * The order updater reads them with the order (`applicableRatesJson`), so
 * this costs no statement.
 */
@Injectable()
export class ZoneRatesTaxProvider implements TaxProvider {
  async rates(request: TaxRequest): Promise<ApplicableRate[]> {
    return request.zoneRates;
  }
}
