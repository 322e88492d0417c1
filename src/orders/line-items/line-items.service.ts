import { Injectable } from '@nestjs/common';
import { OrdersService } from '../order/orders.service';
import { renderLineItem } from '../order/order-view';
import { LineItemJson } from './line-item.serializer';
import { OrderContents } from './order-contents.service';
import { OrderUpdater } from '../order/order-updater.service';

/** The line items endpoints: each change in one transaction holding the order's lock. */
@Injectable()
export class LineItemsService {
  constructor(
    private readonly orders: OrdersService,
    private readonly contents: OrderContents,
    private readonly updater: OrderUpdater,
  ) {}

  create(number: string, p: { variantId: number; quantity: number; price?: string }): Promise<LineItemJson> {
    return this.orders.change(number, async (em, order) => {
      const item = await this.contents.add(em, order, p.variantId, p.quantity, p.price);
      await this.updater.update(em, order.id);
      return renderLineItem(em, item.id);
    });
  }

  update(number: string, id: number, p: { quantity?: number; price?: string }): Promise<LineItemJson> {
    return this.orders.change(number, async (em, order) => {
      const item = await this.contents.update(em, order, id, p);
      await this.updater.update(em, order.id);
      return renderLineItem(em, item.id);
    });
  }

  async remove(number: string, id: number): Promise<void> {
    await this.orders.change(number, async (em, order) => {
      await this.contents.remove(em, order, id);
      await this.updater.update(em, order.id);
    });
  }
}
