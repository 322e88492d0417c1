// ESLint (`npm run lint`, part of .ci/run): eslint's and typescript-eslint's
// recommended rules, and the layers of src/ (eslint/layers.mjs).
//
// Not type-aware: on this project's 2 cores the typed rules cost ~30 s and
// ~1 GB per run instead of ~7 s, and what they add today is only no-unsafe-*
// about the `any` of SQL rows and supertest bodies (no-floating-promises and
// no-misused-promises find nothing).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layersPlugin } from './eslint/layer-boundaries.mjs';
import { KNOWN_EXCEPTIONS, LAYERS } from './eslint/layers.mjs';

export default defineConfig(
  { ignores: ['dist/', 'coverage/', '.data/', 'test-output/', 'clients/typescript/dist/', 'clients/typescript/src/schema.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `const { id: _id, ...rest } = row` leaves properties out on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Several error codes sharing one answer are listed as empty cases, some with a comment between.
      'no-fallthrough': ['error', { allowEmptyCase: true }],
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { layers: layersPlugin },
    rules: {
      'layers/boundaries': ['error', { srcDir: `${import.meta.dirname}/src`, layers: LAYERS, exceptions: KNOWN_EXCEPTIONS }],
      // The service logs through its logger (one JSON line per event).
      'no-console': 'error',
    },
  },
  // The command line tool talks to its user on the console.
  { files: ['src/cli.ts'], rules: { 'no-console': 'off' } },
  {
    // Rows of the order graph's JSON read from SQL; to type when next changed.
    files: ['src/orders/**/order-view.ts', 'src/orders/**/order-updater.service.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Tests read supertest bodies, which are `any` anyway.
  { files: ['test/**/*.ts', 'src/**/*.spec.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // The typed client and its journey use the generated types as they are: no
  // type assertion (`as`, `<T>x`) and no non-null `!` may paper over them.
  {
    files: ['clients/**/*.ts'],
    rules: {
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: globals.node } },
  { files: ['**/*.{js,cjs}'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
