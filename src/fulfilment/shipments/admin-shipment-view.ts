import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { registerEventRenderer } from '../../common/events/events';
import { loadVariantDetails } from '../../catalog/variants/variant-details';
import { ADMIN_VIEW, serializeVariantSmall, VariantSmallJson } from '../../catalog/variants/variant.serializer';
import { Variant } from '../../catalog/variants/entities/variant.entity';
import { Product } from '../../catalog/products/entities/product.entity';
import { Shipment } from './entities/shipment.entity';
import { AdminShipmentJson, serializeAdminShipment } from './shipment.serializer';
import { loadShipmentDetails } from './shipment-view';

/**
 * A shipment's JSON as the shipments API shows it (admin), read inside the
 * caller's transaction; shipment events carry it too.
 */
@Injectable()
export class AdminShipmentView implements OnModuleInit {
  constructor(private readonly dataSource: DataSource) {}

  /** Shipment events carry the shipment's JSON as the shipments API shows it. */
  onModuleInit(): void {
    registerEventRenderer(this.dataSource, 'shipment', (em, id) => this.render(em, id));
  }

  /** The shipments API JSON of one shipment, read inside the request's transaction. */
  async render(em: EntityManager, shipmentId: number): Promise<AdminShipmentJson> {
    const shipment = await em.findOneByOrFail(Shipment, { id: shipmentId });
    const [order] = await em.query(`SELECT number, currency FROM orders WHERE id = $1`, [shipment.orderId]);
    const details = await loadShipmentDetails(em, [shipment]);
    const manifest = details.manifests.get(shipment.id) ?? [];
    const variants = await this.manifestVariants(em, manifest.map((m) => m.variant_id), order.currency);
    return serializeAdminShipment(
      shipment,
      {
        orderNumber: order.number,
        currency: order.currency,
        stockLocationName: details.locationNames.get(shipment.stockLocationId) ?? '',
        rates: details.rates.get(shipment.id) ?? [],
        methods: details.methods,
        manifest,
      },
      variants,
    );
  }

  private async manifestVariants(em: EntityManager, ids: number[], currency: string): Promise<Map<number, VariantSmallJson>> {
    if (ids.length === 0) return new Map();
    const variants = await em.find(Variant, { where: { id: In(ids) } });
    const products = await em.find(Product, { where: { id: In([...new Set(variants.map((v) => v.productId))]) } });
    const productById = new Map(products.map((p) => [p.id, p]));
    const details = await loadVariantDetails(em, ids, currency);
    return new Map(variants.map((v) => [v.id, serializeVariantSmall(v, productById.get(v.productId)!, details, ADMIN_VIEW)]));
  }
}
