import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { UnauthorizedError } from '../../common/errors/api-errors';
import { callerOf } from '../../common/auth/caller';
import { readId } from '../../common/params/id-param';
import { ZonesService } from './zones.service';

/**
 * Update and delete of a zone, as Spree orders the checks: anyone may read
 * zones, so the zone is looked up first (404 when missing), and only then is
 * the action itself refused to non-admins (401). Runs before the parameters
 * are read, so a refused caller learns nothing from them.
 */
@Injectable()
export class ZoneWriteGuard implements CanActivate {
  constructor(private readonly zones: ZonesService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    await this.zones.assertExists(readId(req.params.id));
    if (!callerOf(req).admin) throw new UnauthorizedError();
    return true;
  }
}
