// SQL only in repositories (docs/architecture.md, "Server modules"). Scope: every file under
// server/ except
//   - repositories: files named repository.ts or *-repository.ts, anywhere under server/;
//   - server/db/** (schema, client, migrations), server/seed/** (the seeder writes reference and
//     demo rows), server/test/** (test helpers) and server/faults/** (the fault suite, which reads
//     what a broken shop left behind), and tests (*.test.ts), which set up and read rows directly.
// What counts as SQL: a value import from drizzle-orm (operators such as eq, and, sql; `import type`
// stays allowed, services name the Database type); a tagged template `sql`…``; a call of
// select/selectDistinct/selectDistinctOn/insert/update/delete/execute/query on a database handle
// (an identifier or property named db, tx, trx, database or ending in Db/Tx); and `.from(` on the
// result of a call (Drizzle's builder chain, which Array.from and Buffer.from are not).
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const QUERY_METHODS = new Set(['select', 'selectDistinct', 'selectDistinctOn', 'insert', 'update', 'delete', 'execute', 'query', '$count']);
const HANDLE = /^(db|tx|trx|database)$|(Db|Tx)$/;

function inScope(file) {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] !== 'server') return false;
  const name = rel[rel.length - 1];
  if (name === 'repository.ts' || name.endsWith('-repository.ts')) return false;
  if (['db', 'seed', 'test', 'faults'].includes(rel[1])) return false;
  if (/\.test\.ts$/.test(name)) return false;
  return true;
}

/** The name a database handle is reached by: `db`, `this.db`, `deps.tx` → db, db, tx. */
function handleName(node) {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') return node.property.name;
  if (node.type === 'ThisExpression') return null;
  return null;
}

export const sqlInRepositories = {
  meta: {
    type: 'problem',
    messages: {
      sql: 'SQL belongs in a repository (repository.ts or *-repository.ts): {{what}} (docs/architecture.md, server modules).',
    },
  },
  create(context) {
    if (!inScope(context.filename)) return {};
    const report = (node, what) => context.report({ node, messageId: 'sql', data: { what } });
    return {
      ImportDeclaration(node) {
        const spec = node.source.value;
        if (typeof spec !== 'string' || !(spec === 'drizzle-orm' || spec.startsWith('drizzle-orm/'))) return;
        if (node.importKind === 'type') return;
        const values = node.specifiers.filter((s) => s.type !== 'ImportSpecifier' || s.importKind !== 'type');
        if (values.length > 0) report(node, `imports ${values.map((s) => s.local.name).join(', ')} from '${spec}'`);
      },
      TaggedTemplateExpression(node) {
        const tag = node.tag;
        const name = tag.type === 'Identifier' ? tag.name : tag.type === 'MemberExpression' && tag.object.type === 'Identifier' ? tag.object.name : null;
        if (name === 'sql') report(node, 'a sql`…` template');
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        const method = callee.property.name;
        if (QUERY_METHODS.has(method)) {
          const handle = handleName(callee.object);
          if (handle && HANDLE.test(handle)) report(node, `${handle}.${method}(…)`);
          return;
        }
        if (method === 'from' && callee.object.type === 'CallExpression') report(node, '.from(…) on a query builder');
      },
    };
  },
};
