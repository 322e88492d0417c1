// Runs the service from its TypeScript sources in a child process, as
// `node -r ./test/support/swc-register.cjs src/main.ts`: each .ts file outside
// node_modules is compiled to CommonJS by swc when required (as Jest's
// @swc/jest does), in about a second for the whole app; NestJS's ES modules
// load through Node's require(esm). Tests that need the real process (signals,
// exit codes) use it instead of building dist/.
const { transformSync } = require('@swc/core');
const { readFileSync } = require('node:fs');

const options = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  const source = readFileSync(filename, 'utf8');
  if (filename.includes('/node_modules/')) return module._compile(source, filename);
  module._compile(transformSync(source, { ...options, filename }).code, filename);
};
