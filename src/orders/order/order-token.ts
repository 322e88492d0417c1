import { randomBytes } from 'node:crypto';
import { SecretBox, secretDigest } from '../../config/secret-box';
import type { Order } from './entities/order.entity';

/**
 * A guest's order token: 128 random bits in hex, as Spree's. The order keeps
 * its digest (to check a sent token against) and the token sealed with
 * SECRET_KEY (to show it again to whoever may read the order), never the
 * token itself, so a dump of the database opens no order.
 */
export function newOrderToken(box: SecretBox): Pick<Order, 'tokenDigest' | 'tokenSealed'> {
  const token = randomBytes(16).toString('hex');
  return { tokenDigest: secretDigest(token), tokenSealed: box.seal('orders.token', token) };
}

/** The order's token, for its JSON (only ever rendered for a caller the order access rules let in). */
export function revealOrderToken(box: SecretBox, order: Pick<Order, 'tokenSealed'>): string {
  return box.open('orders.token', order.tokenSealed);
}
