import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Caller } from '../../common/auth/caller';
import { NotFoundError } from '../../common/errors/api-errors';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { AddressesService } from '../../geography/addresses/addresses.service';
import { Address } from '../../geography/addresses/entities/address.entity';
import { UsersService } from '../users/users.service';
import { AddressBookEntryJson, serializeAddressBookEntry } from './address-book.serializer';
import { AddressBookParamsDto } from './dto/address-book-params.dto';

export const ADDRESS_BOOK_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'a.id', type: 'integer' },
    firstname: { expression: 'a.firstname', type: 'string' },
    lastname: { expression: 'a.lastname', type: 'string' },
    city: { expression: 'a.city', type: 'string' },
    created_at: { expression: 'a.created_at', type: 'datetime' },
  },
  defaultOrder: { 'a.id': 'ASC' },
};

/**
 * A user's address book (`/api/users/:id/addresses`): the user or an admin
 * lists, adds, changes and removes addresses, and picks the default bill and
 * ship addresses (the user's `bill_address`, `ship_address`). The addresses
 * are written by their owner (AddressesService), the defaults by the users'
 * (UsersService). A checkout takes a copy of one (`order[bill_address_id]`),
 * so an order never shares a row with the book; and an address a completed
 * order uses is never changed in place (a change makes a new one).
 */
@Injectable()
export class AddressBookService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly addresses: AddressesService,
    private readonly users: UsersService,
  ) {}

  async list(caller: Caller, userId: number, params: ListParams): Promise<Page<AddressBookEntryJson>> {
    const user = await this.users.findVisible(caller, userId);
    const qb = this.dataSource
      .getRepository(Address)
      .createQueryBuilder('a')
      .leftJoinAndSelect('a.country', 'country')
      .leftJoinAndSelect('a.state', 'state')
      .where('a.user_id = :userId', { userId: user.id });
    const page = await findPage(qb, ADDRESS_BOOK_SEARCH, params);
    return { ...page, items: page.items.map((a) => serializeAddressBookEntry(a, user)) };
  }

  /** The whole book, for the user's data export (privacy/). */
  async all(em: EntityManager, user: { id: number; billAddressId: number | null; shipAddressId: number | null }): Promise<AddressBookEntryJson[]> {
    const addresses = await em.find(Address, { where: { userId: user.id }, relations: { country: true, state: true }, order: { id: 'ASC' } });
    return addresses.map((a) => serializeAddressBookEntry(a, user));
  }

  async show(caller: Caller, userId: number, id: number): Promise<AddressBookEntryJson> {
    const user = await this.users.findVisible(caller, userId);
    return serializeAddressBookEntry(await this.addresses.findInBook(this.dataSource.manager, user.id, id), user);
  }

  /** A new address; the first of the book becomes the default bill and ship address where the user has none. */
  async create(caller: Caller, userId: number, params: AddressBookParamsDto): Promise<AddressBookEntryJson> {
    return this.dataSource.transaction(async (em) => {
      const user = await this.lockedUser(em, caller, userId);
      const { default_bill, default_ship, ...fields } = params;
      const address = await this.addresses.saveInBook(em, user.id, fields, undefined);
      const defaults = {
        billAddressId: default_bill === true || (default_bill === undefined && user.billAddressId === null) ? address.id : user.billAddressId,
        shipAddressId: default_ship === true || (default_ship === undefined && user.shipAddressId === null) ? address.id : user.shipAddressId,
      };
      await this.users.setDefaultAddresses(em, user.id, defaults);
      return serializeAddressBookEntry(address, defaults);
    });
  }

  /** Answers the address as saved: a new one (another id) when a completed order used the old one. */
  async update(caller: Caller, userId: number, id: number, params: AddressBookParamsDto): Promise<AddressBookEntryJson> {
    return this.dataSource.transaction(async (em) => {
      const user = await this.lockedUser(em, caller, userId);
      const existing = await this.addresses.findInBook(em, user.id, id, true);
      const { default_bill, default_ship, ...fields } = params;
      const saved = await this.addresses.saveInBook(em, user.id, fields, existing);
      const follow = (current: number | null, flag: boolean | undefined) => {
        if (flag === true) return saved.id;
        if (flag === false && (current === id || current === saved.id)) return null;
        return current === id ? saved.id : current;
      };
      const defaults = { billAddressId: follow(user.billAddressId, default_bill), shipAddressId: follow(user.shipAddressId, default_ship) };
      await this.users.setDefaultAddresses(em, user.id, defaults);
      return serializeAddressBookEntry(saved, defaults);
    });
  }

  /** Out of the book (and no longer a default); an order using it keeps it. */
  async remove(caller: Caller, userId: number, id: number): Promise<void> {
    await this.dataSource.transaction(async (em) => {
      const user = await this.lockedUser(em, caller, userId);
      await this.addresses.findInBook(em, user.id, id);
      await this.users.setDefaultAddresses(em, user.id, {
        billAddressId: user.billAddressId === id ? null : user.billAddressId,
        shipAddressId: user.shipAddressId === id ? null : user.shipAddressId,
      });
      await this.addresses.removeFromBook(em, user.id, id);
    });
  }

  /** The user (404 for anyone but the user and admins), locked: two changes of the defaults at once end as one of them. */
  private async lockedUser(em: EntityManager, caller: Caller, userId: number) {
    const user = await this.users.findVisible(caller, userId, em);
    const [row] = await em.query(`SELECT bill_address_id, ship_address_id FROM users WHERE id = $1 FOR UPDATE`, [user.id]);
    // Deleted since it was found (a DELETE /api/users/:id at the same moment): gone, as if never found.
    if (!row) throw new NotFoundError();
    return { id: user.id, billAddressId: row.bill_address_id as number | null, shipAddressId: row.ship_address_id as number | null };
  }
}
