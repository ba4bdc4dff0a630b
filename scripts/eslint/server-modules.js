// Server module boundaries (docs/architecture.md, "Server modules"). Scope: files under server/.
// - A module (server/modules/<a>/, or server/modules/back-office/<a>/ for the back office's) uses
//   another module <b> only through its public file <b>/index.ts: never its repository, service or
//   any other file inside it.
// - Plugins (server/plugins/**) never import a module: what a plugin needs lives with the plugin
//   or in a shared server folder (http/, db/), and modules build on plugins, not the reverse.
// - Nor do the other folders the modules share (server/http, server/db, server/integrations).
// The composition root (server/app.ts) and the test helpers may import modules as they need, and a
// test may import another module's admin-samples.ts (the permission matrix test gathers every
// back-office module's sample requests).
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** ['modules', 'cart', 'repository.ts'] style parts of a file under server/, or null. */
function serverParts(file) {
  const rel = path.relative(root, file).split(path.sep);
  return rel[0] === 'server' ? rel.slice(1) : null;
}

/** The module of a path's parts under server/ ('cart' or 'back-office/sales') and the rest of the path inside it, or null. */
function moduleParts(parts) {
  if (parts[0] !== 'modules' || parts.length < 2) return null;
  if (parts[1] === 'back-office') return parts.length < 3 ? null : { name: `back-office/${parts[2]}`, rest: parts.slice(3) };
  return { name: parts[1], rest: parts.slice(2) };
}

/** 'index.ts', 'index' or the folder itself all name a module's public file. */
const isPublicFile = (rest) => rest.length === 0 || (rest.length === 1 && /^index(\.ts)?$/.test(rest[0]));

/** A module's sample requests for the permission matrix test: tests may import them. */
const isAdminSamples = (rest) => rest.length === 1 && /^admin-samples(\.ts)?$/.test(rest[0]);

export const serverModules = {
  meta: {
    type: 'problem',
    messages: {
      internal: "server/modules/{{from}} must use server/modules/{{to}} through its public file 'modules/{{to}}/index.ts', not '{{spec}}' (docs/architecture.md, server modules).",
      plugin: "A plugin must not import a module ('{{spec}}'): move what it needs beside the plugin or into http/ or db/ (docs/architecture.md, server modules).",
      shared: "server/{{folder}} is shared by the modules and must not import one ('{{spec}}') (docs/architecture.md, server modules).",
    },
  },
  create(context) {
    const from = serverParts(context.filename);
    if (!from) return {};
    const own = moduleParts(from);
    const inModule = own && own.rest.length > 0 ? own.name : null;
    const isTest = /\.test\.ts$/.test(context.filename);
    const inPlugins = from[0] === 'plugins';
    const sharedFolder = ['http', 'db', 'integrations'].includes(from[0] ?? '') ? from[0] : null;
    if (!inModule && !inPlugins && !sharedFolder) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = serverParts(path.resolve(path.dirname(context.filename), spec.replace(/\?.*$/, '')));
      const target = to && moduleParts(to);
      if (!target) return;
      if (inPlugins) {
        context.report({ node, messageId: 'plugin', data: { spec } });
        return;
      }
      if (sharedFolder) {
        context.report({ node, messageId: 'shared', data: { folder: sharedFolder, spec } });
        return;
      }
      if (isTest && isAdminSamples(target.rest)) return;
      if (target.name !== inModule && !isPublicFile(target.rest)) {
        context.report({ node, messageId: 'internal', data: { from: inModule, to: target.name, spec } });
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
