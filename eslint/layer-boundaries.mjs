import path from 'node:path';

/**
 * ESLint rule `layers/boundaries`: an import from src/<a>/ into src/<b>/ is
 * allowed only when <b>'s layer is below <a>'s (eslint/layers.mjs), or the
 * importing file is a known exception. It resolves the module specifier
 * itself (relative paths, and `src/…` which tsconfig's baseUrl would accept),
 * so it needs no import resolver; package imports are not its business.
 *
 * Options: { srcDir: absolute path of src/, layers: string[][], exceptions: [{ from, files, to }] }.
 */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports between the top-level folders of src/ going down the layers' },
    schema: [
      {
        type: 'object',
        properties: {
          srcDir: { type: 'string' },
          layers: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
          exceptions: {
            type: 'array',
            items: {
              type: 'object',
              properties: { from: { type: 'string' }, files: { type: 'array', items: { type: 'string' } }, to: { type: 'string' }, why: { type: 'string' } },
              required: ['from', 'files', 'to'],
              additionalProperties: false,
            },
          },
        },
        required: ['srcDir', 'layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward: '{{from}} may not import from {{to}}: it is in a higher layer (see eslint/layers.mjs).',
      peer: '{{from}} may not import from {{to}}: they are in the same layer and stay independent (see eslint/layers.mjs).',
      unplaced: '{{folder}} is in no layer: add it to LAYERS in eslint/layers.mjs.',
    },
  },

  create(context) {
    const { srcDir, layers, exceptions = [] } = context.options[0];
    const layerOf = new Map(layers.flatMap((folders, index) => folders.map((folder) => [folder, index])));
    /** The top-level folder of src/ a file is in ('.' directly in src/), or null outside src/. */
    const folderOf = (file) => {
      const relative = path.relative(srcDir, file);
      if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
      const parts = relative.split(path.sep);
      return parts.length === 1 ? '.' : parts[0];
    };

    const filename = context.filename;
    const from = folderOf(filename);
    if (from === null) return {};
    const excused = new Set(exceptions.filter((e) => e.from === from && e.files.includes(path.basename(filename))).map((e) => e.to));

    const shown = (folder) => (folder === '.' ? 'src/' : `src/${folder}/`);
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      let target;
      if (specifier.startsWith('.')) target = path.resolve(path.dirname(filename), specifier);
      else if (specifier === 'src' || specifier.startsWith('src/')) target = path.resolve(srcDir, '..', specifier);
      else return;
      const to = folderOf(target);
      if (to === null || to === from) return;
      if (!layerOf.has(to)) return context.report({ node, messageId: 'unplaced', data: { folder: shown(to) } });
      if (!layerOf.has(from) || excused.has(to)) return;
      if (layerOf.get(to) < layerOf.get(from)) return;
      context.report({ node, messageId: layerOf.get(to) === layerOf.get(from) ? 'peer' : 'upward', data: { from: shown(from), to: shown(to) } });
    };
    const literal = (node) => (node && node.type === 'Literal' ? node.value : undefined);

    return {
      Program(node) {
        if (!layerOf.has(from)) context.report({ node, messageId: 'unplaced', data: { folder: shown(from) } });
      },
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ImportExpression: (node) => check(node.source, literal(node.source)),
      // import x = require('…'), and type positions: typeof import('…')
      TSExternalModuleReference: (node) => check(node.expression, literal(node.expression)),
      TSImportType: (node) => check(node.source, literal(node.source)),
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length === 1) check(node.arguments[0], literal(node.arguments[0]));
      },
    };
  },
};

export const layersPlugin = { meta: { name: 'layers' }, rules: { boundaries: rule } };
