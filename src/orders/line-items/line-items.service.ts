import { variantViewOf } from '../../catalog/variants/variant.serializer';
import { Injectable } from '@nestjs/common';
import { Caller } from '../../common/auth/caller';
import { OrderInventory } from '../../fulfilment/shipments/order-inventory';
import { OrdersService } from '../order/orders.service';
import { renderLineItem } from '../order/order-view';
import { LineItemJson } from './line-item.serializer';
import { editsPlacedOrder, OrderContents } from './order-contents.service';
import { OrderUpdater } from '../order/order-updater.service';

/**
 * The line items endpoints: each change in one transaction holding the order's lock.
 * An admin may also change a placed order (Spree 2.2's order editing): it stays complete,
 * its shipments keep their units and take or give back the difference (OrderInventory).
 */
@Injectable()
export class LineItemsService {
  constructor(
    private readonly orders: OrdersService,
    private readonly contents: OrderContents,
    private readonly updater: OrderUpdater,
    private readonly inventory: OrderInventory,
  ) {}

  create(number: string, caller: Caller, p: { variantId: number; quantity: number; price?: string }): Promise<LineItemJson> {
    return this.orders.change(number, async (em, order) => {
      let id: number;
      if (editsPlacedOrder(order, caller)) {
        const item = await this.contents.addForFulfilment(em, order, p.variantId, p.quantity, p.price);
        await this.inventory.verify(em, order, item);
        id = item.id;
      } else {
        id = (await this.contents.add(em, order, p.variantId, p.quantity, p.price)).id;
      }
      await this.updater.update(em, order.id);
      return renderLineItem(em, id, variantViewOf(caller));
    });
  }

  update(number: string, id: number, caller: Caller, p: { quantity?: number; price?: string }): Promise<LineItemJson> {
    return this.orders.change(number, async (em, order) => {
      const placed = editsPlacedOrder(order, caller);
      const item = await this.contents.update(em, order, id, p, placed);
      if (placed) await this.inventory.verify(em, order, item);
      await this.updater.update(em, order.id);
      return renderLineItem(em, item.id, variantViewOf(caller));
    });
  }

  async remove(number: string, id: number, caller: Caller): Promise<void> {
    await this.orders.change(number, async (em, order) => {
      const placed = editsPlacedOrder(order, caller);
      if (placed) await this.inventory.releaseLineItem(em, order, await this.contents.find(em, order, id));
      await this.contents.remove(em, order, id, placed);
      await this.updater.update(em, order.id);
    });
  }
}
