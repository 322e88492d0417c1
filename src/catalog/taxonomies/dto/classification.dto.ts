import { IntegerField } from '../../../common/params/fields';

/** PUT /api/classifications: flat parameters, as Spree reads them. */
export class ClassificationParamsDto {
  @IntegerField({ required: true }) product_id: number;
  @IntegerField({ required: true }) taxon_id: number;
  @IntegerField({ minimum: 0, description: "0-based place among the taxon's products (default 0: first)." }) position?: number | null;
}
