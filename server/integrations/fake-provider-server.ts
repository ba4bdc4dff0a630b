/**
 * What the local fakes of the providers' HTTP APIs share (the real adapters are tested against
 * them, never by mocking our own code): a server on a free port of 127.0.0.1 whose answers may be
 * held back to play a slow provider, closed with every held answer dropped, and the JSON answer.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeProviderServer {
  port: number;
  /** Runs `answer` after `delayMs` (at once for 0), unless the caller has gone meanwhile. */
  later(response: ServerResponse, delayMs: number, answer: () => void): void;
  close(): Promise<void>;
}

export async function listenFakeProvider(handler: RequestListener): Promise<FakeProviderServer> {
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    later(response, delayMs, answer) {
      if (delayMs === 0) return answer();
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!response.destroyed) answer();
      }, delayMs);
      timers.add(timer);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** A JSON answer with the provider's own extra headers; nothing once the caller has gone. */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (response.destroyed) return;
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** The request's body as text. */
export async function requestText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
