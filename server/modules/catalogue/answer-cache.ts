/**
 * Public catalogue answers as the browser, the service worker and a CDN can reuse them: each carries
 * Cache-Control and a strong ETag (a hash of the JSON sent), and a request whose If-None-Match
 * names it is answered 304 with no body. Answers are kept by stock version and URL, so a change of
 * stock (the parts table's version, migration 0010, read off the request path) makes every kept
 * answer unreachable at once: the next request computes afresh. With REDIS_URL the kept answers are
 * shared by every API process; without it each process keeps its own, in an LRU bounded in entries.
 *
 * The caching wraps the HTTP route only (an onRoute hook), not the call's handler: the server
 * render runs the handler itself, in-process (server/http/call-runner.ts).
 */
import { hash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { matchesIfNoneMatch } from '../../http/conditional';
import type { RedisLink } from '../../plugins/redis';
import { currentSession } from '../../plugins/session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public catalogue answer: the Cache-Control it goes out with; kept and answered 304 by ETag. */
    publicAnswer?: string;
    /**
     * The answer carries something of a signed-in member (a part's on_member_wishlist): theirs is
     * computed for them, private and never kept; everyone else's is the public, kept one.
     */
    memberAnswer?: boolean;
  }
}

/**
 * Where answers are kept: the bytes of `etag\nbody` by key (UTF-8, as sent: an answer is encoded
 * once, and a kept one goes out as the bytes it is kept as). Failures are the store's own business.
 */
export interface AnswerStore {
  get(key: string): Promise<Buffer | undefined>;
  set(key: string, value: Buffer): void;
  close(): Promise<void>;
  /** Bytes kept in this process's memory (the in-process store only), for /metrics. */
  bytes?(): number;
}

/** Answers larger than this are sent but not kept: a few of them would crowd out hundreds of pages. */
const LARGEST_KEPT_BYTES = 256 * 1024;
/** Kept answers of older stock versions are unreachable; Redis lets them go after this. */
const REDIS_TTL_MS = 10 * 60_000;

/**
 * This process's answers: the least recently used goes first once `maxEntries` are held or they
 * add up to more than `maxBytes` (a registration search with 100 cards is about 90 kB). Kept as the
 * UTF-8 buffers they are sent as, outside the JavaScript heap, so they neither double as two-byte
 * strings nor add to the garbage collector's work.
 */
export function memoryStore(maxEntries: number, maxBytes: number): AnswerStore {
  const entries = new Map<string, Buffer>();
  let bytes = 0;
  const remove = (key: string) => {
    const value = entries.get(key);
    if (value === undefined) return;
    bytes -= value.length;
    entries.delete(key);
  };
  return {
    bytes: () => bytes,
    async get(key) {
      const value = entries.get(key);
      if (value === undefined) return undefined;
      // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
      entries.delete(key);
      entries.set(key, value);
      return value;
    },
    set(key, kept) {
      if (maxEntries === 0 || kept.length > maxBytes) return;
      remove(key);
      entries.set(key, kept);
      bytes += kept.length;
      while (entries.size > maxEntries || bytes > maxBytes) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        remove(oldest);
      }
    },
    async close() {
      entries.clear();
      bytes = 0;
    },
  };
}

/**
 * Answers shared by every API process through Redis, under `prefix`. A Redis that is down or slow
 * costs a computed answer, never a failed request: while it is away (the link says so, and logs it
 * once) it is not asked at all, and a command that fails meanwhile is an answer not kept.
 */
export function redisStore(redis: RedisLink, prefix: string): AnswerStore {
  return {
    async get(key) {
      if (!redis.isUp()) return undefined;
      try {
        return (await redis.client.getBuffer(`${prefix}${key}`)) ?? undefined;
      } catch {
        return undefined;
      }
    },
    set(key, value) {
      if (!redis.isUp()) return;
      redis.client.set(`${prefix}${key}`, value, 'PX', REDIS_TTL_MS).catch(() => undefined);
    },
    // The connection is the app's (plugins/redis.ts), closed with it.
    async close() {},
  };
}

/** The stock version as this process last read it, read again every `intervalMs` off the request path. */
export interface StockVersion {
  current(): number;
  /** Reads it now (tests, and the first read at start). */
  refresh(): Promise<void>;
  stop(): void;
}

export async function watchStockVersion(read: () => Promise<number>, intervalMs: number, log: FastifyBaseLogger): Promise<StockVersion> {
  let version = await read();
  let reading: Promise<void> | undefined;
  const refresh = () => {
    reading ??= read()
      .then((next) => {
        version = next;
      })
      .catch((error: unknown) => log.warn({ err: error }, 'reading the stock version failed'))
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  const timer = setInterval(() => void refresh(), intervalMs).unref();
  const watcher: StockVersion = {
    current: () => version,
    refresh,
    stop: () => {
      clearInterval(timer);
      watching.delete(watcher);
    },
  };
  watching.add(watcher);
  return watcher;
}

/** Every stock version this process watches (one per app; tests build several). */
const watching = new Set<StockVersion>();

/**
 * After a change of stock this process made (a part added or put back on sale in the back
 * office): reads the version again now, so this process's next search answers from the new stock
 * rather than a kept answer; other processes see it at their next poll. A read already under way
 * may have started before the change was committed, so it is waited for and a new one made.
 */
export async function stockChangedHere(): Promise<void> {
  await Promise.all(
    [...watching].map(async (watcher) => {
      await watcher.refresh();
      await watcher.refresh();
    }),
  );
}

/** A strong ETag of a body (its text, or the UTF-8 bytes of it): any change of the bytes sent changes it. */
export function etagOf(body: string | Buffer): string {
  return `"${hash('sha256', body, 'base64url').slice(0, 27)}"`;
}

/** The newline between a kept answer's ETag and its body. */
const NEWLINE = 0x0a;

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Wraps every route of `scope` whose config names a `publicAnswer` Cache-Control. Call before the
 * routes are registered.
 */
export function keepPublicAnswers(scope: FastifyInstance, store: AnswerStore, version: StockVersion): void {
  scope.addHook('onRoute', (route) => {
    const cacheControl = route.config?.publicAnswer;
    if (!cacheControl || route.method !== 'GET') return;
    const handler = route.handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    const memberAnswer = route.config?.memberAnswer === true;
    const wrapped = async (request: FastifyRequest, reply: FastifyReply) => {
      if (memberAnswer) {
        // A shared cache must not hand one visitor's answer to another: the answer varies by cookie.
        reply.header('vary', 'cookie');
        // Read only: a catalogue read never extends or starts a session.
        if ((await currentSession(request, { touch: false }))?.memberId != null) {
          const answer = await handler(request, reply);
          if (reply.sent) return reply;
          reply.header('cache-control', 'private, no-store');
          return answer;
        }
      }
      // The host is part of some answers (the part page's share link).
      const key = `${version.current()}|${request.host}|${request.url}`;
      const kept = await store.get(key);
      if (scope.hasDecorator('metrics')) scope.metrics.answerCache(kept === undefined ? 'miss' : 'hit');
      let etag: string;
      let body: Buffer;
      if (kept !== undefined) {
        const newline = kept.indexOf(NEWLINE);
        etag = kept.toString('latin1', 0, newline);
        body = kept.subarray(newline + 1);
      } else {
        const answer = await handler(request, reply);
        if (reply.sent) return reply;
        const text = reply.serialize(answer) as string;
        // Encoded once: hashed, kept and sent as these bytes (a string would be encoded for each).
        body = Buffer.from(text, 'utf8');
        etag = etagOf(body);
        if (text.length <= LARGEST_KEPT_BYTES) {
          const head = Buffer.from(`${etag}\n`, 'latin1');
          const entry = Buffer.concat([head, body], head.length + body.length);
          store.set(key, entry);
          body = entry.subarray(head.length);
        }
      }
      reply.header('cache-control', cacheControl).header('etag', etag);
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type(JSON_TYPE).send(body);
    };
    route.handler = wrapped as RouteHandlerMethod;
  });
}
