import { ApiProperty, OmitType } from '@nestjs/swagger';
import { UserJson } from '../../accounts/users/user.serializer';
import { AddressBookEntryJson } from '../../accounts/address-book/address-book.serializer';
import { OrderJson } from '../../orders/order/order.serializer';
import { CreditCardJson } from '../../payments/payment/payment.serializer';
import { MAIL_KINDS } from '../../mail/delivery/mail-kinds';

/** An order as the export shows it: as GET /api/orders/:number shows it to its owner, without its `token`. */
export class ExportedOrderJson extends OmitType(OrderJson, ['token'] as const) {}

export class ExportedMailJson {
  @ApiProperty({ enum: MAIL_KINDS }) kind: string;
  @ApiProperty({ type: String, nullable: true }) subject: string | null;
  @ApiProperty({ type: String, nullable: true }) recipient: string | null;
  @ApiProperty({ enum: ['pending', 'sent', 'failed'] }) state: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) sent_at: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) created_at: string;
}

/** Everything the shop keeps about a user (GET /api/users/:id/export). */
export class AccountExportJson {
  @ApiProperty({ type: String, format: 'date-time' }) exported_at: string;
  @ApiProperty({ type: UserJson }) user: UserJson;
  @ApiProperty({ type: [AddressBookEntryJson], description: 'The address book' }) addresses: AddressBookEntryJson[];
  @ApiProperty({ type: [ExportedOrderJson], description: "The user's orders, carts included, oldest first" }) orders: ExportedOrderJson[];
  @ApiProperty({ type: [CreditCardJson], description: 'Saved cards: last digits, expiry, brand and name only (the full number is never kept)' }) credit_cards: CreditCardJson[];
  @ApiProperty({ type: [ExportedMailJson], description: 'The mails the shop sent to the user or about the orders' }) mails: ExportedMailJson[];
}
