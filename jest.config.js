// Jest runs CommonJS; NestJS 12 ships ESM only, so its packages are compiled
// to CommonJS by swc along with our TypeScript (Node 20's require(esm) is not
// available inside Jest's module system).
module.exports = {
  testEnvironment: 'node',
  rootDir: '.',
  roots: ['<rootDir>/test'],
  testRegex: '.*\\.spec\\.ts$',
  moduleFileExtensions: ['ts', 'js', 'json'],
  transform: { '^.+\\.(t|j)s$': ['@swc/jest'] },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|uid|bcryptjs)/)'],
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  testTimeout: 30000,
  maxWorkers: 2,
};
