// `npm run lint:openapi`: the OpenAPI document as /web-api/docs/json serves it (the app built
// without listening, on an empty, migrated embedded database), linted by Redocly's CLI with its recommended
// rules (redocly.yaml), then turned into TypeScript by openapi-typescript and type-checked against
// a few of the shop's own calls (client-calls.ts): a document standard tools accept and a generated
// client with names to call.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(os.tmpdir(), 'shop-openapi-'));
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

function run(what: string, command: string, args: string[]): void {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  console.warn(`${what}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) {
    rmSync(work, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
}

try {
  // The app needs a client build to serve pages; the document needs none of it.
  const clientDir = path.join(work, 'client');
  mkdirSync(clientDir);
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Shop</title>');
  const config = loadConfig({ NODE_ENV: 'test', CLIENT_DIR: clientDir, DATA_DIR: path.join(work, 'data'), PUBLIC_URL: 'https://parts-shop.test' });
  const database = await openDatabase({});
  await migrateDatabase(database);
  const app = await buildApp({ config, db: database.db });
  await app.ready();
  const response = await app.inject({ method: 'GET', url: '/web-api/docs/json' });
  if (response.statusCode !== 200) throw new Error(`GET /web-api/docs/json answered ${response.statusCode}`);
  await app.close();
  await database.close();
  writeFileSync(path.join(work, 'openapi.json'), response.body);
} catch (error) {
  rmSync(work, { recursive: true, force: true });
  throw error;
}

run('redocly lint', bin('redocly'), ['lint', '--config', path.join(root, 'redocly.yaml'), '--format', 'codeframe', path.join(work, 'openapi.json')]);
run('openapi-typescript', bin('openapi-typescript'), [path.join(work, 'openapi.json'), '--output', path.join(root, '.tmp/openapi/api.d.ts'), '--silent']);
run('tsc on the generated client', bin('tsc'), ['-p', path.join(root, 'scripts/openapi/tsconfig.json')]);
rmSync(work, { recursive: true, force: true });
