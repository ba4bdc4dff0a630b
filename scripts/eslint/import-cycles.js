// No import cycles (docs/architecture.md). Follows the relative imports of each file (static,
// `export … from`, dynamic `import()`, and `import type` too: a type-only circle still ties two
// files together) and reports an import from which the importing file can be reached again, with
// the circle it closes. Applies to every file it is given (the config gives it src/ and server/).
// The import graph is read from disk with a cache checked against each file's modification time,
// so one lint run reads each file once.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.jsx'];
const IMPORT = /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const graph = new Map();

/** The file a relative specifier names, or null when it is not a source file (CSS, SVG …). */
export function resolveImport(fromFile, spec) {
  const bare = path.resolve(path.dirname(fromFile), spec.replace(/\?.*$/, ''));
  const candidates = [bare, ...EXTENSIONS.map((ext) => bare + ext), ...EXTENSIONS.map((ext) => path.join(bare, `index${ext}`))];
  if (/\.js$/.test(bare)) candidates.push(bare.replace(/\.js$/, '.ts'), bare.replace(/\.js$/, '.tsx'));
  for (const candidate of candidates) {
    if (!EXTENSIONS.includes(path.extname(candidate))) continue;
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Comments removed so a commented-out import does not count. */
const withoutComments = (source) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

function importsOf(file) {
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = graph.get(file);
  if (cached && cached.mtime === mtime) return cached.imports;
  const source = withoutComments(readFileSync(file, 'utf8'));
  const imports = [];
  for (const match of source.matchAll(IMPORT)) {
    const target = resolveImport(file, match[1] ?? match[2]);
    if (target && !imports.includes(target)) imports.push(target);
  }
  graph.set(file, { mtime, imports });
  return imports;
}

/** A path from `start` back to `goal` through relative imports, or null; `seen` is shared between searches. */
function pathBack(start, goal, seen) {
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, trail] = stack.pop();
    if (file === goal) return trail;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of importsOf(file)) if (next === goal || !seen.has(next)) stack.push([next, [...trail, next]]);
  }
  return null;
}

export const importCycles = {
  meta: { type: 'problem', messages: { cycle: 'Import cycle: {{circle}}. Move what both need into a third module (docs/architecture.md).' } },
  create(context) {
    const file = context.filename;
    if (!existsSync(file)) return {};
    const root = context.cwd ?? process.cwd();
    // Files a finished search met without coming back are shared by the next one; after a search
    // that found a circle, the next starts afresh (it stopped half-way).
    let seen = new Set();
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolveImport(file, spec);
      if (!target || target === file) return;
      const trail = pathBack(target, file, seen);
      if (!trail) return;
      seen = new Set();
      context.report({ node, messageId: 'cycle', data: { circle: [file, ...trail].map((f) => path.relative(root, f)).join(' → ') } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};
