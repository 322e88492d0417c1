import { Controller, Get, HttpStatus, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { Response } from 'express';
import { Public } from '../common/auth/public.decorator';
import { RETRY_AFTER_SECONDS } from '../common/errors/api-exception.filter';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
  ) {}

  /** The process is up. */
  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process is up', description: 'Answers without touching the database.' })
  @ApiOkResponse({ description: 'Alive', schema: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } } })
  live() {
    return { status: 'ok' };
  }

  /**
   * The process can serve: its database answers (within 2 s). While it does
   * not, 503 with terminus' body, each check reduced to its status (the
   * driver's message would name hosts and ports).
   */
  @Get('ready')
  @HealthCheck()
  @ApiOperation({ summary: 'Readiness: the process can serve (its database answers within 2 s)' })
  async ready(@Res({ passthrough: true }) res: Response): Promise<HealthCheckResult> {
    try {
      return await this.health.check([() => this.database.pingCheck('database', { timeout: 2000 })]);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      res.status(HttpStatus.SERVICE_UNAVAILABLE).setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      return statusesOnly(error.getResponse() as HealthCheckResult);
    }
  }
}

function statusesOnly(result: HealthCheckResult): HealthCheckResult {
  const reduce = (checks: Partial<HealthCheckResult['details']> | undefined) =>
    Object.fromEntries(Object.entries(checks ?? {}).flatMap(([name, check]) => (check ? [[name, { status: check.status }]] : [])));
  return { status: result.status, info: reduce(result.info), error: reduce(result.error), details: reduce(result.details) };
}
