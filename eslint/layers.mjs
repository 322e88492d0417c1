/**
 * The layers of src/, lowest first, by top-level folder. A file may import
 * from its own folder and from the folders of lower layers, never from a
 * higher layer nor from another folder of its own layer (peers stay
 * independent). `npm run lint` enforces it (rule `layers/boundaries`,
 * eslint/layer-boundaries.mjs); a folder that is in no layer is an error too.
 * '.' is the files directly in src/ (main.ts, app.module.ts, cli.ts…).
 */
export const LAYERS = [
  ['config'], // the process's configuration (env), read everywhere
  ['common'], // shared plumbing: errors, auth, listing, money, params, OpenAPI, HTTP
  ['geography'],
  ['accounts', 'tax'],
  ['catalog'],
  ['inventory'],
  ['fulfilment', 'payments'],
  ['orders'],
  ['promotions'],
  ['order-actions'], // every use case that changes an order, run by the OrderActionRunner (docs/architecture.md)
  ['webhooks'], // endpoints and the delivery of the outbox's events (common/events), which every domain writes
  ['mail'], // the shop's mail: templates, the mail log, sent from the outbox's events by the webhooks' queue
  ['privacy'], // a user's data exported, an account deleted with its orders anonymised (every owner's part)
  ['database', 'health'], // migrations and seeds, the health checks
  ['.'], // the application: wires everything together
];

/**
 * Imports against the layers that the code has today, allowed file by file
 * (a file named `files` anywhere under src/<from>/ may import from src/<to>/).
 * Each is a debt to pay back; test/foundation/lint-layers.spec.ts fails when
 * one is no longer needed, so remove it then.
 */
export const KNOWN_EXCEPTIONS = [
  {
    from: 'config',
    files: ['store-config.service.ts', 'store-config.controller.ts'],
    to: 'common',
    why: 'store-config is the GET /api/config endpoint (a feature, not configuration) and formats money (its controller: catalog caching); it belongs above common',
  },
];
