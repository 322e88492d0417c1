import { readyBlock, ServiceLogger, serviceLogger } from './start-up';

describe('the start-up log', () => {
  const printed = (logger: ServiceLogger, write: (l: ServiceLogger) => void): string => {
    let out = '';
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
    try {
      write(logger);
    } finally {
      spy.mockRestore();
    }
    return out;
  };

  it("at info: Nest's per-module and per-route lines are left out, the service's own are kept", () => {
    const logger = serviceLogger('info') as ServiceLogger;
    const out = printed(logger, (l) => {
      l.log('AppModule dependencies initialized', 'InstanceLoader');
      l.log('Mapped {/api/orders, GET} route', 'RouterExplorer');
      l.log('OrdersController {/api/orders}:', 'RoutesResolver');
      l.log('Applied 15 migration(s)', 'Database');
    });
    expect(out).not.toMatch(/InstanceLoader|Mapped|OrdersController/);
    expect(out).toContain('Applied 15 migration(s)');
  });

  it('at debug they are there, as debug lines', () => {
    const out = printed(serviceLogger('debug') as ServiceLogger, (l) => l.log('Mapped {/api/orders, GET} route', 'RouterExplorer'));
    expect(out).toMatch(/DEBUG.*Mapped \{\/api\/orders, GET\} route/);
  });

  it('is off when silent', () => {
    expect(serviceLogger('silent')).toBe(false);
  });

  it('ends with a block: URL, docs, database, the admin key when one was created, the next doc', () => {
    const block = readyBlock({ port: 3000, adminEmail: 'admin@example.com', adminApiKey: 'k'.repeat(40), database: 'embedded PostgreSQL of .data/postgres on port 54329' });
    expect(block.split('\n')).toEqual([
      '',
      'Commerce API ready at http://localhost:3000/api',
      '  Docs:      http://localhost:3000/api/docs (the OpenAPI document: http://localhost:3000/api/openapi.json)',
      '  Database:  embedded PostgreSQL of .data/postgres on port 54329',
      `  Admin key: ${'k'.repeat(40)}`,
      '             (admin@example.com; shown this once: keep it. Set ADMIN_API_KEY to choose your own.)',
      '  Next:      docs/getting-started.md, from here to a completed order in ten curl commands',
      '',
      '',
    ]);
    expect(readyBlock({ port: 3000, adminEmail: 'admin@example.com', database: 'x' })).not.toContain('Admin key');
  });
});
