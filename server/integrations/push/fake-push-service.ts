/**
 * A local push service for tests, standing in for FCM or Mozilla's autopush: it accepts what a
 * real one accepts and checks what a browser would rely on. Each POST to /push/{id} must carry a
 * VAPID Authorization (`vapid t=<JWT>, k=<public key>`) whose ES256 signature verifies under that
 * public key, whose audience is this service's origin and which has not expired; its body is
 * decrypted as aes128gcm (RFC 8291) with the subscription's private key and auth secret, which
 * the test made as a browser does (node:crypto ECDH P-256 and 16 random bytes). It answers 201,
 * or 410 for a subscription marked gone, and keeps every message it received.
 *
 * web-push speaks HTTPS only; `agent` is an HTTPS agent whose sockets are plain connections to
 * this server (as the PayPal fake does), so no certificate is needed.
 */
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { PushTarget } from './push';

export const FAKE_PUSH_ORIGIN = 'https://push.fake-push-service.invalid';

class LocalAgent extends Agent {
  constructor(private readonly port: number) {
    super({ keepAlive: false });
  }

  override createConnection(): Socket {
    return connect(this.port, '127.0.0.1');
  }
}

/** A browser's side of a subscription: its ECDH key pair and auth secret, and the target it hands the shop. */
export interface FakeSubscription {
  id: string;
  target: PushTarget;
  ecdh: ECDH;
  auth: Buffer;
}

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload. */
  payload: string;
  ttl: string | undefined;
  topic: string | undefined;
  /** The VAPID JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
  vapidPublicKey: string;
}

export interface FakePushService {
  agent: Agent;
  /** A new subscription as a browser makes one. */
  subscribe(): FakeSubscription;
  /** From now on the push service answers 410 Gone for this subscription. */
  expire(id: string): void;
  received: ReceivedPush[];
  /** Requests refused, with why (a bad signature, an undecryptable body…). */
  refused: { subscriptionId: string; reason: string }[];
  close(): Promise<void>;
}

const b64u = (buffer: Buffer) => buffer.toString('base64url');

/** Checks a VAPID JWT against the public key the header names; throws saying why it fails. */
export function verifyVapid(authorization: string | undefined, now: Date): { claims: ReceivedPush['claims']; publicKey: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error('no VAPID authorization');
  const [token, publicKey] = [match[1], match[2]];
  const [header, body, signature] = token.split('.');
  if (!header || !body || !signature) throw new Error('malformed JWT');
  const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
  if (head.alg !== 'ES256') throw new Error(`JWT alg ${head.alg}`);
  const point = Buffer.from(publicKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) }, format: 'jwk' });
  const valid = verify('sha256', Buffer.from(`${header}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ReceivedPush['claims'];
  if (claims.aud !== FAKE_PUSH_ORIGIN) throw new Error(`JWT aud ${claims.aud}`);
  // RFC 8292: at most 24 hours ahead; the service's own clock judges expiry.
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (!(claims.exp > nowSeconds && claims.exp <= nowSeconds + 24 * 3600 + 60)) throw new Error('JWT expired or too long-lived');
  if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error('JWT sub is not a contact');
  return { claims, publicKey };
}

/** Decrypts an aes128gcm Web Push body (RFC 8188 record, RFC 8291 keys) as the browser would. */
export function decryptPush(body: Buffer, subscription: Pick<FakeSubscription, 'ecdh' | 'auth'>): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error('keyid is not the sender public key');
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const receiverPublic = subscription.ecdh.getPublicKey();
  const shared = subscription.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, subscription.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by any padding zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end).toString('utf8');
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakePushService(options: { now?: () => Date } = {}): Promise<FakePushService> {
  const now = options.now ?? (() => new Date());
  const subscriptions = new Map<string, FakeSubscription>();
  const gone = new Set<string>();
  const received: ReceivedPush[] = [];
  const refused: FakePushService['refused'] = [];

  const answer = (response: ServerResponse, status: number, text = '') => {
    response.writeHead(status, { 'content-type': 'text/plain' });
    response.end(text);
  };

  const server = createServer((request, response) => {
    void (async () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      const subscription = id ? subscriptions.get(id) : undefined;
      if (request.method !== 'POST' || !id || !subscription) return answer(response, 404, 'no such subscription');
      if (gone.has(id)) return answer(response, 410, 'subscription expired');
      const body = await bodyOf(request);
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`Content-Encoding ${request.headers['content-encoding']}`);
        const { claims, publicKey } = verifyVapid(request.headers.authorization, now());
        const payload = decryptPush(body, subscription);
        received.push({ subscriptionId: id, payload, ttl: request.headers.ttl as string | undefined, topic: request.headers.topic as string | undefined, claims, vapidPublicKey: publicKey });
        response.setHeader('location', `${FAKE_PUSH_ORIGIN}/message/${randomBytes(8).toString('hex')}`);
        return answer(response, 201);
      } catch (error) {
        refused.push({ subscriptionId: id, reason: error instanceof Error ? error.message : String(error) });
        return answer(response, 400, 'refused');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    agent: new LocalAgent(port),
    subscribe() {
      const id = randomBytes(12).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const subscription: FakeSubscription = { id, ecdh, auth, target: { endpoint: `${FAKE_PUSH_ORIGIN}/push/${id}`, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) } } };
      subscriptions.set(id, subscription);
      return subscription;
    },
    expire(id) {
      gone.add(id);
    },
    received,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

