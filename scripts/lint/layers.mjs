// The import rules between layers (docs/architecture.md "Layers"), as an oxlint JS plugin: oxlint has no
// built-in rule for "files under this folder may not import from that folder", so this is ours.
//
// Server, from the ground up: db/ and lib/ import no module, no plugin and not the start data; plugins import
// no module (app.ts hands them what they need); a module uses another only through its service.ts; the start
// data (start-data/, run by app.ts alone) sits above the modules and uses them through the same public files.
// Tests are outside the layers. Web: shared -> features -> app, and features do not import each other
// (docs/architecture.md "Layers and the rule for adding a module").
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const server = path.join(root, 'apps/server/src');
const web = path.join(root, 'apps/web/src');

const inside = (file, folder) => file === folder || file.startsWith(`${folder}${path.sep}`);
/** The first folder under `parent` that `file` sits in ('offers' for features/offers/api/x.ts). */
const folderUnder = (file, parent) =>
  inside(file, parent) ? path.relative(parent, file).split(path.sep)[0] : undefined;

const isTest = (file) => /\.test\.tsx?$/.test(file) || inside(file, path.join(server, 'test'));

/**
 * Why `importer` may not import `imported` (both absolute paths), or undefined when it may. The whole rule,
 * so a test can ask it about any pair of paths.
 */
export function layerRefusal(importer, imported) {
  if (isTest(importer)) return undefined;
  const modules = path.join(server, 'modules');
  const plugins = path.join(server, 'plugins');
  const startData = path.join(server, 'start-data');
  const ground = inside(importer, path.join(server, 'lib')) || inside(importer, path.join(server, 'db'));
  if (ground) {
    if (inside(imported, modules)) return 'lib/ and db/ import no module.';
    if (inside(imported, plugins)) return 'lib/ and db/ import no plugin.';
    if (inside(imported, startData)) return 'Only app.ts runs the start data.';
    if (inside(importer, path.join(server, 'lib')) && imported === path.join(server, 'app.ts')) {
      return 'lib/ does not import the app.';
    }
  }
  if (inside(importer, plugins)) {
    if (inside(imported, modules)) return 'Pass what a plugin needs in from app.ts.';
    if (inside(imported, startData)) return 'Only app.ts runs the start data.';
  }
  const fromModule = folderUnder(importer, modules);
  const toModule = folderUnder(imported, modules);
  if (fromModule && inside(imported, startData)) return 'Only app.ts runs the start data.';
  const publicFile = toModule && imported === path.join(modules, toModule, 'service.ts');
  if (fromModule && toModule && toModule !== fromModule && !publicFile) {
    return 'Use another module only through its service.ts; move what both need to lib/.';
  }
  if (inside(importer, startData) && toModule && !publicFile) {
    return 'The start data uses a module only through its service.ts.';
  }

  const shared = path.join(web, 'shared');
  const features = path.join(web, 'features');
  const app = path.join(web, 'app');
  if (inside(importer, shared) && (inside(imported, features) || inside(imported, app))) {
    return 'Code flows one way: shared -> features -> app.';
  }
  if (inside(importer, features) && inside(imported, app))
    return 'Code flows one way: shared -> features -> app.';
  const fromFeature = folderUnder(importer, features);
  const toFeature = folderUnder(imported, features);
  if (fromFeature && toFeature && fromFeature !== toFeature) {
    return 'Features do not import each other: move what both need to shared/.';
  }
  return undefined;
}

const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports go only downwards between layers (docs/architecture.md).' },
    schema: [],
  },
  create(context) {
    const importer = path.resolve(context.filename);
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.'))
        return;
      const reason = layerRefusal(importer, path.resolve(path.dirname(importer), source.value));
      if (reason) context.report({ node: source, message: `${source.value}: ${reason}` });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { meta: { name: 'layers' }, rules: { imports: importsRule } };
