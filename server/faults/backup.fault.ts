/**
 * A backup and a restore, tried as docs/operations.md tells an operator to: `pg_dump -Fc` of the
 * primary while the shop serves, `pg_restore` into a new database, and the shop started on the
 * restored one finds the same catalogue and the same order.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBin, startPgCluster, type PgCluster } from './support/pg-cluster';
import { killAllShops, seedShop, startShop, type ShopProcess } from './support/shop-process';

const run = promisify(execFile);

describe('backup and restore of the primary', () => {
  let cluster: PgCluster;
  let shop: ShopProcess;
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-backup-'));

  beforeAll(async () => {
    cluster = await startPgCluster();
    await cluster.createDatabase('shop');
    await seedShop({ DATABASE_URL: cluster.url('shop') });
    shop = await startShop({ env: { DATABASE_URL: cluster.url('shop') } });
    await shop.waitUntilReady();
  }, 240_000);

  afterAll(async () => {
    await killAllShops();
    await cluster?.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  it('restores a dump taken while the shop serves into a database the shop starts on with the same data', async () => {
    const counts = async (database: string) => (await cluster.query("SELECT (SELECT count(*) FROM parts) || '/' || (SELECT count(*) FROM members) || '/' || (SELECT version FROM catalogue_version WHERE id = 1)", database))[0];
    await cluster.query("UPDATE parts SET price_net = price_net + 1 WHERE tag = 'P0012001'", 'shop');
    const before = await counts('shop');
    const dump = path.join(folder, 'shop.dump');
    const bin = postgresBin();
    await run(path.join(bin, 'pg_dump'), ['-h', '127.0.0.1', '-p', String(cluster.port), '-U', 'postgres', '-Fc', '-f', dump, 'shop']);
    await cluster.createDatabase('shop_restored');
    await run(path.join(bin, 'pg_restore'), ['-h', '127.0.0.1', '-p', String(cluster.port), '-U', 'postgres', '-d', 'shop_restored', '--no-owner', '--exit-on-error', dump]);
    expect(await counts('shop_restored')).toBe(before);

    await shop.terminate();
    const restored = await startShop({ env: { DATABASE_URL: cluster.url('shop_restored') } });
    await restored.waitUntilReady();
    const part = (await (await fetch(`${restored.baseUrl}/web-api/products/part/P0012001.json`)).json()) as { product: { Tag?: string; tag?: string } };
    expect(JSON.stringify(part)).toContain('P0012001');
    // Started on the restored data, nothing was seeded again: the counts are the dump's.
    expect(await counts('shop_restored')).toBe(before);
    expect(await restored.terminate()).toBe(0);
  });
});
