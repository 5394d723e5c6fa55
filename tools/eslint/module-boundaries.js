// The modular monolith's import rules (CONVENTIONS.md), as one ESLint rule over resolved relative paths:
// a module is reached only through its index.ts; the shared layers below the modules never import them.
import path from 'node:path';

/** Folders whose children are modules, and the folders (same app) that must not import any module. */
const layers = [
  { modules: 'apps/api/src/modules', below: ['apps/api/src/platform'] },
  {
    modules: 'apps/web/src/features',
    below: ['apps/web/src/components', 'apps/web/src/lib', 'apps/web/src/config'],
  },
  // kit (fields, resources, workflows) and i18n (messages and their catalogues) are layers, not modules.
  {
    modules: 'packages/contracts/src',
    below: ['packages/contracts/src/kit', 'packages/contracts/src/i18n'],
  },
];

const inside = (file, folder) => file.startsWith(folder + '/');

/** `{ layer, module, rest }` when `file` lies in a module folder. */
function moduleOf(file) {
  for (const layer of layers) {
    if (!inside(file, layer.modules) || layer.below.some((folder) => inside(file, folder))) continue;
    const [module, ...rest] = file.slice(layer.modules.length + 1).split('/');
    if (rest.length === 0) return undefined; // a file directly in the modules folder (contracts' index.ts)
    return { layer, module, rest: rest.join('/') };
  }
  return undefined;
}

export const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "Refuse imports of another module's internals and imports of modules from the layers below them",
    },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: {
      internals:
        "'{{target}}' is inside module '{{module}}': import its index.ts instead (modules meet only " +
        'through their index.ts).',
      layering: "'{{from}}' is below the modules and must not import module '{{module}}'.",
    },
  },
  create(context) {
    const root = context.options[0]?.root ?? process.cwd();
    const from = path.relative(root, context.filename).split(path.sep).join('/');
    const source = moduleOf(from);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path
        .relative(root, path.resolve(path.dirname(context.filename), spec))
        .split(path.sep)
        .join('/');
      const reached = moduleOf(target);
      if (!reached) return;
      const sameModule = source && source.layer === reached.layer && source.module === reached.module;
      const below = sameModule ? undefined : reached.layer.below.find((folder) => inside(from, folder));
      if (below) {
        context.report({
          node: node.source,
          messageId: 'layering',
          data: { from: below, module: reached.module },
        });
        return;
      }
      if (!sameModule && reached.rest !== 'index.ts' && reached.rest !== 'index.tsx') {
        context.report({
          node: node.source,
          messageId: 'internals',
          data: { target: spec, module: reached.module },
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'module-boundaries': moduleBoundaries } };
