import { Injectable } from '@nestjs/common';
import { OrdersService } from '../orders/orders.service';
import { renderLineItem } from '../orders/order-view';
import { LineItemJson } from './line-item.serializer';
import { OrderContents } from './order-contents.service';

/** The line items endpoints: each change in one transaction holding the order's lock. */
@Injectable()
export class LineItemsService {
  constructor(
    private readonly orders: OrdersService,
    private readonly contents: OrderContents,
  ) {}

  create(number: string, p: { variantId: number; quantity: number; price?: string }): Promise<LineItemJson> {
    return this.orders.change(number, async (em, order) => renderLineItem(em, await this.contents.add(em, order, p.variantId, p.quantity, p.price)));
  }

  update(number: string, id: number, p: { quantity?: number; price?: string }): Promise<LineItemJson> {
    return this.orders.change(number, async (em, order) => renderLineItem(em, await this.contents.update(em, order, id, p)));
  }

  async remove(number: string, id: number): Promise<void> {
    await this.orders.change(number, (em, order) => this.contents.remove(em, order, id));
  }
}
