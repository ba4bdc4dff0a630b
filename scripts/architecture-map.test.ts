// docs/architecture.md is the map of the code: one screen (at most 150 lines) that names every
// server module (a folder of server/modules, the back office's in server/modules/back-office) and
// every client area (src/features/*), and names nothing that is not there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const map = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

/** The server modules on disk: each folder of server/modules ('cart'), the back office's in theirs ('back-office/sales'). */
function serverModules(): string[] {
  const folders = (folder: string) =>
    readdirSync(path.join(root, folder), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  const storefront = folders('server/modules').filter((name) => name !== 'back-office');
  return [...storefront, ...folders('server/modules/back-office').map((name) => `back-office/${name}`)].sort();
}

const clientAreas = () => readdirSync(path.join(root, 'src/features'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();

/** The rows of a section's table: the first cell's `name` of each. */
function tableNames(section: string): string[] {
  const body = map.split(/^## /m).find((part) => part.startsWith(section)) ?? '';
  return [...body.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]!).sort();
}

/** The client areas the map lists: the backticked names after "Client areas". */
function mapAreas(): string[] {
  const line = map.slice(map.indexOf('Client areas')).split('\n\n')[0]!;
  return [...line.matchAll(/`([a-z-]+)`/g)].map((match) => match[1]!).filter((name) => name !== 'src').sort();
}

describe('docs/architecture.md', () => {
  it('fits on one screen', () => {
    expect(map.split('\n').length).toBeLessThanOrEqual(150);
  });
  it('names every server module, and only modules that exist', () => {
    expect(tableNames('Server modules')).toEqual(serverModules());
  });
  it('names every client area, and only areas that exist', () => {
    expect(mapAreas()).toEqual(clientAreas());
  });
  it('points only at rule files and docs that exist', () => {
    const paths = [...map.matchAll(/`((?:scripts|docs|server|src)\/[\w./-]+\.(?:js|ts|md))`/g), ...map.matchAll(/\b(docs\/[\w-]+\.md)\b/g)].map((match) => match[1]!);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
  });
});
