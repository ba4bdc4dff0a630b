/**
 * A provider's address that the test can make unreachable: a TCP port that forwards to a local
 * fake of the provider while open, and is a closed port (connection refused) while shut. Open
 * connections are cut when it shuts, as a provider's network going away cuts them.
 */
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface SwitchablePort {
  port: number;
  /** Forwards to the fake again, on the same port. */
  open(): Promise<void>;
  /** Nothing listens: a connection is refused. */
  shut(): Promise<void>;
  close(): Promise<void>;
}

export async function switchablePort(targetPort: number, port = 0): Promise<SwitchablePort> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let bound = port;
  const open = async () => {
    if (server) return;
    const listening = createServer((client) => {
      const upstream = connect(targetPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => listening.listen(bound, '127.0.0.1', resolve));
    bound = (listening.address() as AddressInfo).port;
    server = listening;
  };
  const shut = async () => {
    const current = server;
    if (!current) return;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => current.close(() => resolve()));
  };
  await open();
  return { port: bound, open, shut, close: shut };
}
