/**
 * A transaction whose connection died unnoticed while it sat idle in the pool: the database is
 * restarted for real, but the link between the shop and it delivers the server's goodbye (its
 * FATAL message and the close) only when the shop next writes, as happens under load when the pool
 * hands a connection out before reading what arrived on it. The transaction's BEGIN fails, and the
 * connection must come back to the pool (pooled-transactions.ts): before, each such failure kept a
 * connection checked out for good, and the pool's end at a stop waited for it for ever.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { startPgCluster, type PgCluster } from './support/pg-cluster';
import { freePort } from './support/ports';

interface LateGoodbyeLink {
  port: number;
  /** While on, what the database sends on a connection it then closes waits for the shop's next write. */
  holdGoodbyes(on: boolean): void;
  close(): Promise<void>;
}

async function startLateGoodbyeLink(databasePort: number): Promise<LateGoodbyeLink> {
  let holding = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((shopSide) => {
    const databaseSide = connect(databasePort, '127.0.0.1');
    sockets.add(shopSide).add(databaseSide);
    let held: Buffer[] | undefined;
    const heldGoodbye = () => held !== undefined && databaseSide.destroyed;
    databaseSide.on('data', (chunk: Buffer) => {
      if (holding) (held ??= []).push(chunk);
      else shopSide.write(chunk);
    });
    databaseSide.on('close', () => {
      if (!holding) shopSide.destroy();
      else held ??= [];
    });
    shopSide.on('data', (chunk: Buffer) => {
      if (!heldGoodbye()) {
        databaseSide.write(chunk);
        return;
      }
      // The shop writes on a connection the database has left: now it reads the goodbye.
      for (const part of held ?? []) shopSide.write(part);
      shopSide.end();
    });
    shopSide.on('close', () => databaseSide.destroy());
    shopSide.on('error', () => undefined);
    databaseSide.on('error', () => undefined);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    holdGoodbyes(on) {
      holding = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let cluster: PgCluster | undefined;
let link: LateGoodbyeLink | undefined;
let database: DatabaseHandle | undefined;

beforeAll(async () => {
  cluster = await startPgCluster();
  link = await startLateGoodbyeLink(cluster.port);
  database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${link.port}/postgres`, connectTimeoutMs: 5_000 });
});

afterAll(async () => {
  await Promise.race([database?.close(), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  await link?.close();
  await cluster?.destroy();
});

const checkedOut = (handle: DatabaseHandle) => (handle.driver === 'postgres' ? handle.pool.totalCount - handle.pool.idleCount : 0);

describe('a transaction on a connection the database left while it was idle', () => {
  test('fails, gives its connection back, and the next transaction and the pool’s end go through', async () => {
    const handle = database!;
    if (handle.driver !== 'postgres') throw new Error('the test needs PostgreSQL');
    // One connection, idle in the pool.
    await handle.db.execute(sql`SELECT 1`);
    expect(handle.pool.idleCount).toBe(1);

    link!.holdGoodbyes(true);
    await cluster!.restart();
    await expect(handle.db.transaction(async (tx) => tx.execute(sql`SELECT 1`))).rejects.toThrow();
    link!.holdGoodbyes(false);
    // The release that follows the failure runs in the same turn: nothing is left checked out.
    await new Promise((resolve) => setImmediate(resolve));
    expect(checkedOut(handle), 'connections still checked out after the failed BEGIN').toBe(0);

    const answer = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 2`);
      return 'committed';
    });
    expect(answer).toBe('committed');
    const closed = await Promise.race([handle.close().then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5_000))]);
    expect(closed).toBe('closed');
    database = undefined;
  });
});
