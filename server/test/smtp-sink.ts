/**
 * A tiny SMTP server for tests (EHLO, MAIL, RCPT, DATA, QUIT; no TLS, no auth): what nodemailer
 * hands over arrives in `messages`. It can refuse every recipient, as a server does a bad address.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { onTestFinished } from 'vitest';

export interface SunkMessage {
  from: string;
  to: string[];
  /** Headers and body as sent, dot-stuffing undone. */
  data: string;
}

export interface SmtpSinkOptions {
  refuseRecipients?: boolean;
  /** Listen on this port (a server coming back where the shop expects it); any free one by default. */
  port?: number;
  /** Accept connections but never greet: an SMTP server that hangs. */
  silent?: boolean;
}

export async function smtpSink({ refuseRecipients = false, port = 0, silent = false }: SmtpSinkOptions = {}): Promise<{ url: string; messages: SunkMessage[]; close(): Promise<void>; closedConnections(): number }> {
  const messages: SunkMessage[] = [];
  let closed = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      closed += 1;
    });
    if (silent) return;
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let pending = '';
    let current: SunkMessage = { from: '', to: [], data: '' };
    let inData = false;
    reply('220 sink.test ESMTP');
    socket.on('data', (chunk: string) => {
      pending += chunk;
      for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(current);
            current = { from: '', to: [], data: '' };
            reply('250 2.0.0 queued');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250 sink.test');
        else if (verb === 'MAIL') {
          current.from = /<(.*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 OK');
        } else if (verb === 'RCPT') {
          if (refuseRecipients) reply('550 5.1.1 No such user');
          else {
            current.to.push(/<(.*)>/.exec(line)?.[1] ?? '');
            reply('250 2.1.5 OK');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') reply('250 2.0.0 OK');
        else if (verb === 'QUIT') {
          reply('221 2.0.0 Bye');
          socket.end();
        } else reply('502 5.5.2 Not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const close = async () => {
    for (const socket of sockets) socket.destroy();
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  onTestFinished(close);
  return { url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`, messages, close, closedConnections: () => closed };
}
