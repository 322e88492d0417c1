import { Injectable } from '@nestjs/common';
import { variantViewOf } from '../../catalog/variants/variant.serializer';
import { Caller } from '../../common/auth/caller';
import { OrderInventory } from '../../fulfilment/shipments/order-inventory';
import { LineItemJson } from '../../orders/line-items/line-item.serializer';
import { editsPlacedOrder, OrderContents } from '../../orders/line-items/order-contents.service';
import { renderLineItem } from '../../orders/order/order-view';
import { OrderActionRunner } from '../order-action-runner';

/**
 * The line item actions (`/api/orders/:number/line_items`), run by the OrderActionRunner (one recompute after each).
 * An admin may also change a placed order (Spree 2.2's order editing): it stays complete, its shipments keep their
 * units and take or give back the difference (OrderInventory).
 */
@Injectable()
export class LineItemActions {
  constructor(
    private readonly runner: OrderActionRunner,
    private readonly contents: OrderContents,
    private readonly inventory: OrderInventory,
  ) {}

  create(number: string, caller: Caller, token: string | undefined, p: { variantId: number; quantity: number; price?: string }): Promise<LineItemJson> {
    return this.runner.runFor(
      { caller, token },
      number,
      async ({ em, order }) => {
        if (editsPlacedOrder(order, caller)) {
          const item = await this.contents.addForFulfilment(em, order, p.variantId, p.quantity, p.price);
          await this.inventory.verify(em, order, item);
          return item.id;
        }
        return (await this.contents.add(em, order, p.variantId, p.quantity, p.price)).id;
      },
      ({ em }, id) => renderLineItem(em, id, variantViewOf(caller)),
    );
  }

  update(number: string, id: number, caller: Caller, p: { quantity?: number; price?: string }): Promise<LineItemJson> {
    return this.runner.run(
      number,
      async ({ em, order }) => {
        const placed = editsPlacedOrder(order, caller);
        const item = await this.contents.update(em, order, id, p, placed);
        if (placed) await this.inventory.verify(em, order, item);
        return item.id;
      },
      ({ em }, itemId) => renderLineItem(em, itemId, variantViewOf(caller)),
    );
  }

  async remove(number: string, id: number, caller: Caller): Promise<void> {
    await this.runner.run(number, async ({ em, order }) => {
      const placed = editsPlacedOrder(order, caller);
      if (placed) await this.inventory.releaseLineItem(em, order, await this.contents.find(em, order, id));
      await this.contents.remove(em, order, id, placed);
    });
  }
}
