/** A TCP port nobody listens on right now, on the loopback address the fault suite uses. */
import { createServer } from 'node:net';

/** Listens on `port` (0: any the system picks) and closes again; answers the port it had. */
function tryPort(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
    });
  });
}

/** Ports this test process handed out: a server told one may not listen yet when the next is asked for. */
const handedOut = new Set<number>();

/**
 * FAULT_PORTS=46200-46299 keeps every private server a fault test or a benchmark starts (shops,
 * PostgreSQL clusters, redis-servers, HAProxy) inside that range, for machines where each person has ports of their
 * own; without it the system picks.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.FAULT_PORTS ?? '');
  if (!range) {
    const port = await tryPort(0);
    if (port === undefined) throw new Error('no port');
    return port;
  }
  for (let port = Number(range[1]); port <= Number(range[2]); port += 1) {
    if (handedOut.has(port)) continue;
    if ((await tryPort(port)) !== undefined) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port in FAULT_PORTS=${process.env.FAULT_PORTS}`);
}

/** Polls `check` until it answers true, or throws after `timeoutMs` naming `what`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, { timeoutMs = 30_000, everyMs = 100 } = {}): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await Promise.resolve().then(check).catch(() => false)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
