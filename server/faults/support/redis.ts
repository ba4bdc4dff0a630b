/**
 * A private redis-server for a fault test: started on its own port (outside the system's
 * ephemeral range, so no other test's Redis nor an outgoing connection holds it), stopped as an
 * outage stops it (SIGKILL: no goodbye to the clients) and started again on the same port, empty
 * (no persistence).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';

export interface PrivateRedis {
  port: number;
  url: string;
  /** Kills the server; resolves once it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
}

const running = new Set<ChildProcess>();

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startPrivateRedis(port: number): Promise<PrivateRedis> {
  if (await accepts(port)) throw new Error(`port ${port} is taken: the private Redis needs it free`);
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'], { stdio: ['ignore', 'pipe', 'ignore'] });
    child = started;
    running.add(started);
    // What it printed last, to say why it exited (redis-server logs to stdout).
    let said = '';
    started.stdout?.on('data', (chunk: Buffer) => (said = `${said}${chunk.toString()}`.slice(-2000)));
    started.once('exit', () => running.delete(started));
    await until(`redis-server on port ${port}`, async () => {
      if (started.exitCode !== null || started.signalCode !== null) {
        throw new Error(`redis-server on port ${port} exited (${started.exitCode ?? started.signalCode}): ${said.trim().split('\n').slice(-3).join(' | ')}`);
      }
      return accepts(port);
    });
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start,
    async stop() {
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = once(current, 'exit');
      current.kill('SIGKILL');
      await exited;
      await until(`port ${port} to close`, async () => !(await accepts(port)));
    },
  };
}

/** Kills every private Redis still running (afterAll). */
export async function stopPrivateRedises(): Promise<void> {
  await Promise.all(
    [...running].map(async (child) => {
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    }),
  );
}
