// The server, compiled: server/main.ts (the shop), server/seed/cli.ts (`npm run seed`) and
// server/modules/back-office/staff/cli.ts (`npm run admin:create`) with what
// they import from server/ and src/ bundled by rolldown (Vite's own bundler) into dist/node/, so
// the running server is plain JavaScript on node with no TypeScript step. Packages from
// node_modules stay imports: node loads them as installed, native add-ons and WebAssembly included.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'rolldown';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_OUT_DIR = path.join(root, 'dist/node');

/**
 * A module finds its files beside its source (server/db/migrations, the seed's data files) through
 * import.meta.url. Bundled, that would name the chunk in dist/node; each module keeps its own URL
 * instead, written relative to the chunk, so the compiled server reads the same files in the
 * project and a moved checkout still works.
 */
const ownImportMeta = (outDir) => ({
  name: 'own-import-meta',
  transform: {
    filter: { id: { include: [/[\\/](server|src)[\\/]/], exclude: [/node_modules/] }, code: { include: [/import\.meta\.(url|dirname|filename)/] } },
    handler(code, id) {
      const relative = path.relative(outDir, id).split(path.sep).join('/');
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      const file = `__ownFileURLToPath(${url})`;
      const withUrl = code.replaceAll('import.meta.url', url);
      if (!/import\.meta\.(dirname|filename)/.test(withUrl)) return { code: withUrl, map: null };
      const withPaths = withUrl.replaceAll('import.meta.filename', file).replaceAll('import.meta.dirname', `__ownDirname(${file})`);
      return {
        code: `import { fileURLToPath as __ownFileURLToPath } from 'node:url';\nimport { dirname as __ownDirname } from 'node:path';\n${withPaths}`,
        map: null,
      };
    },
  },
});

/** Builds into dist/node, or elsewhere (the seed command's test builds its own copy). */
export async function buildServer(outDir = SERVER_OUT_DIR) {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    cwd: root,
    input: { main: 'server/main.ts', seed: 'server/seed/cli.ts', 'admin-create': 'server/modules/back-office/staff/cli.ts' },
    platform: 'node',
    // Bare specifiers are packages (and node: built-ins): imported at run time, not bundled.
    external: (id) => !id.startsWith('.') && !path.isAbsolute(id) && !id.startsWith('\0'),
    plugins: [ownImportMeta(outDir)],
    logLevel: 'warn',
    output: {
      dir: outDir,
      format: 'esm',
      entryFileNames: '[name].js',
      chunkFileNames: '[name]-[hash].js',
      // Readable stack traces without source maps: the output keeps the sources' names and lines.
      minify: false,
    },
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { 'out-dir': { type: 'string' } } });
  await buildServer(values['out-dir'] ? path.resolve(values['out-dir']) : SERVER_OUT_DIR);
}
