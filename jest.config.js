// Jest runs CommonJS; NestJS 12 ships ESM only, so its packages are compiled
// to CommonJS by swc along with our TypeScript (Node 20's require(esm) is not
// available inside Jest's module system).
const shared = {
  testEnvironment: 'node',
  rootDir: __dirname,
  moduleFileExtensions: ['ts', 'js', 'json'],
  transform: { '^.+\\.(t|j)s$': ['@swc/jest'] },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|uid|bcryptjs|pg-boss|serialize-error|non-error|rrule-temporal|temporal-spec|tagged-tag)/)'],
};

module.exports = {
  // Global, not per project: Jest reads testTimeout from the top level only.
  testTimeout: 30000,
  maxWorkers: 2,
  projects: [
    // Unit tests beside the pure logic they test (src/**/<file>.spec.ts): no database, no app.
    // The back-office's pure logic (admin/src/lib.ts) too.
    { ...shared, displayName: 'unit', roots: ['<rootDir>/src', '<rootDir>/admin/src'], testRegex: '\\.spec\\.ts$' },
    // End-to-end tests over HTTP into PostgreSQL; the setup (which picks or starts the server)
    // runs only when one of them is selected.
    {
      ...shared,
      displayName: 'e2e',
      roots: ['<rootDir>/test'],
      testRegex: '.*\\.spec\\.ts$',
      globalSetup: '<rootDir>/test/support/global-setup.mjs',
      globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
    },
  ],
};
