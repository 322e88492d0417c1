import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Caller } from '../../common/auth/caller';
import { NotFoundError, UnauthorizedError } from '../../common/errors/api-errors';
import { AddressJson, serializeAddress } from './address.serializer';
import { AddressesService } from './addresses.service';
import { AddressParamsDto } from './dto/address-params.dto';

/**
 * /api/addresses/:id (contract section 3, tighter than Spree): an admin, or
 * the user whose bill or ship address it is. Order addresses go through the
 * order (`OrderAddressesController`), so the order's rules and totals follow.
 */
@Injectable()
export class AddressAccessService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly addresses: AddressesService,
  ) {}

  async show(id: number, caller: Caller): Promise<AddressJson> {
    await this.authorize(this.dataSource.manager, id, caller);
    return serializeAddress(await this.addresses.find(this.dataSource.manager, id));
  }

  async update(id: number, caller: Caller, params: AddressParamsDto): Promise<AddressJson> {
    return this.dataSource.transaction(async (em) => {
      await this.authorize(em, id, caller);
      return serializeAddress(await this.addresses.save(em, params, await this.addresses.find(em, id)));
    });
  }

  private async authorize(em: EntityManager, id: number, caller: Caller): Promise<void> {
    const [address] = await em.query(`SELECT id FROM addresses WHERE id = $1`, [id]);
    if (caller.admin) {
      if (!address) throw new NotFoundError();
      return;
    }
    // Anyone else is told 401 whether or not the address exists (Spree's answer
    // for someone else's address), so ids cannot be probed for existence.
    if (address && caller.userId !== null) {
      const [mine] = await em.query(`SELECT 1 FROM users WHERE id = $1 AND (bill_address_id = $2 OR ship_address_id = $2)`, [caller.userId, id]);
      if (mine) return;
    }
    throw new UnauthorizedError();
  }
}
