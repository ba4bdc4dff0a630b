// Which way the server's modules may depend on each other (docs/architecture.md, "Direction").
// Scope: files under server/modules/.
// - The back office (the modules under server/modules/back-office/) may use the storefront's and
//   the core's modules through their public files; nothing outside the back office imports a
//   back-office module (the composition root server/app.ts and the test helpers in server/test are outside
//   server/modules and stay free to).
// - A module's index.ts hands out services and types, never a repository: it may not re-export a
//   value from a repository file (repository.ts or *-repository.ts); `export type` stays allowed.
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** The back office's folder: the staff's tools, reached only under /web-api/admin. */
export const BACK_OFFICE = 'back-office';

/** The module a file under server/modules/ belongs to ('cart', or 'back-office/sales' for the back office's), or null. */
export function moduleOf(file) {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] !== 'server' || rel[1] !== 'modules' || rel.length < 3) return null;
  if (rel[2] === BACK_OFFICE) return rel.length < 4 ? null : { name: `${BACK_OFFICE}/${rel[3]}`, rest: rel.slice(4) };
  return { name: rel[2], rest: rel.slice(3) };
}

const isBackOffice = (name) => name.startsWith(`${BACK_OFFICE}/`);
const isRepositoryFile = (spec) => /(^|\/)([a-z0-9-]+-)?repository(\.ts)?$/.test(spec);

export const moduleDirection = {
  meta: {
    type: 'problem',
    messages: {
      backOffice: "server/modules/{{from}} is not part of the back office and must not import the back-office module '{{to}}' ('{{spec}}'): move what it needs into the module that owns the data (docs/architecture.md, direction).",
      repository: "A module's index.ts exposes services and types, not its repositories: '{{spec}}' (wrap what other modules need in a service; docs/architecture.md, direction).",
    },
  },
  create(context) {
    const from = moduleOf(context.filename);
    if (!from) return {};
    const isIndex = from.rest.length === 1 && from.rest[0] === 'index.ts';
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = moduleOf(path.resolve(path.dirname(context.filename), spec.replace(/\?.*$/, '')));
      if (!to || to.name === from.name) return;
      if (isBackOffice(to.name) && !isBackOffice(from.name)) {
        context.report({ node, messageId: 'backOffice', data: { from: from.name, to: to.name, spec } });
      }
    };
    const reexport = (node) => {
      if (!isIndex || !node.source || typeof node.source.value !== 'string' || !isRepositoryFile(node.source.value)) return;
      if (node.exportKind === 'type') return;
      const values = node.type === 'ExportAllDeclaration' ? [node] : node.specifiers.filter((specifier) => specifier.exportKind !== 'type');
      if (values.length > 0) context.report({ node: node.source, messageId: 'repository', data: { spec: node.source.value } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => {
        if (node.source) check(node.source, node.source.value);
        reexport(node);
      },
      ExportAllDeclaration: (node) => {
        check(node.source, node.source.value);
        reexport(node);
      },
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
