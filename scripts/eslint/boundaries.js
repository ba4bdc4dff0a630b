// The import boundaries of docs/architecture.md as one ESLint rule: each import is resolved to the
// layer it lands in (domain, contract, shared, features/<name>, routes, sw, server) and checked
// against what the importing layer may use.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** The layer a file of the project belongs to, or null outside src/ and server/. */
function layerOf(file) {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === 'server') return { name: 'server' };
  if (rel[0] !== 'src') return null;
  if (rel[1] === 'features') return { name: 'features', feature: rel[2] };
  // The back office (src/admin): its own app, which the storefront never imports.
  if (rel[1] === 'admin') {
    if (rel[2] === 'features') return { name: 'admin-features', feature: rel[3] };
    if (rel[2] === 'ui') return { name: 'admin-ui' };
    if (rel[2] === 'routes') return { name: 'admin-routes' };
    return { name: 'admin' };
  }
  if (['domain', 'contract', 'shared', 'routes', 'sw'].includes(rel[1] ?? '')) return { name: rel[1] };
  return { name: 'app' };
}

const onlyPackages = {
  domain: (p) => p === 'zod' || p.startsWith('zod/'),
  contract: (p) => p === 'zod' || p.startsWith('zod/'),
  sw: (p) => p.startsWith('workbox-'),
};

const mayUse = {
  domain: ['domain'],
  contract: ['contract', 'domain'],
  sw: ['sw', 'domain', 'contract'],
  server: ['server', 'domain', 'contract'],
  shared: ['shared', 'domain', 'contract'],
  features: ['features', 'shared', 'domain', 'contract'],
  routes: ['routes', 'features', 'shared', 'domain', 'contract', 'app'],
  app: ['app', 'routes', 'features', 'shared', 'domain', 'contract'],
  admin: ['admin', 'admin-routes', 'admin-features', 'admin-ui', 'shared', 'domain', 'contract'],
  'admin-routes': ['admin-routes', 'admin-features', 'admin-ui', 'admin', 'shared', 'domain', 'contract'],
  'admin-features': ['admin-features', 'admin-ui', 'admin', 'shared', 'domain', 'contract'],
  'admin-ui': ['admin-ui', 'admin', 'shared', 'domain', 'contract'],
};

export const boundaries = {
  meta: { type: 'problem', messages: { crossing: '{{from}} must not import {{to}} (docs/architecture.md, import rules).' } },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      if (!spec.startsWith('.')) {
        // Tests beside pure code may use the test tools (an in-memory IndexedDB for the worker's stores).
        if (/\.test\.tsx?$/.test(context.filename) && (spec === 'vitest' || spec === 'fast-check' || spec === 'fake-indexeddb')) return;
        const allow = onlyPackages[from.name];
        if (allow && !allow(spec)) context.report({ node, messageId: 'crossing', data: { from: `src/${from.name}`, to: `the package '${spec}'` } });
        return;
      }
      const to = layerOf(path.resolve(path.dirname(context.filename), spec));
      if (!to) return;
      const allowed = mayUse[from.name] ?? [];
      const crossesFeature = ((from.name === 'features' && to.name === 'features') || (from.name === 'admin-features' && to.name === 'admin-features')) && to.feature !== from.feature;
      if (!allowed.includes(to.name) || crossesFeature) {
        const name = (l) =>
          l.name === 'features' ? `src/features/${l.feature}` : l.name === 'admin-features' ? `src/admin/features/${l.feature}` : l.name === 'server' ? 'server/' : `src/${l.name.replace('admin-', 'admin/')}`;
        context.report({ node, messageId: 'crossing', data: { from: name(from), to: name(to) } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
