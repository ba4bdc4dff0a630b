/**
 * Requests per minute per IP address, counted apart for each kind of call (static files are
 * exempt: one page load fetches dozens):
 * - catalogue: pages and the catalogue's reads (searches, listings, product pages, menus,
 *   suggestions) — generous, so a workshop of ten behind one address never sees a 429 while
 *   browsing (RATE_LIMIT_CATALOGUE_MAX);
 * - sign-in, the password calls (forgotten password, changing it, a guest's new password),
 *   registration and public forms (part requests, product notifications, enquiries, job
 *   applications) — strict,
 *   each with its own count, since each attempt is worth guessing or spamming
 *   (RATE_LIMIT_SIGN_IN_MAX, RATE_LIMIT_PASSWORD_RESET_MAX, RATE_LIMIT_FORMS_MAX for registration
 *   and the forms);
 * - everything else (cart, checkout, account, session) — RATE_LIMIT_MAX.
 * Counters live in Redis when REDIS_URL is set so every API process behind a load balancer shares
 * them; otherwise in this process's memory. While Redis is away (plugins/redis.ts) they fall back
 * to this process's counters, and go back to Redis's as soon as it answers again.
 */
import { createRequire } from 'node:module';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE } from '../../src/contract/define';
import type { Config } from '../config';
import { HttpError, MESSAGES } from '../http/http-error';
import { isApiPath, looksLikeFile, pathnameOf } from '../http/paths';
import type { RedisLink } from './redis';

export type CallKind = 'catalogue' | 'sign-in' | 'password-reset' | 'register' | 'forms' | 'other';

/** The catalogue's public reads (server/modules/catalogue/routes.ts), by path. */
const CATALOGUE_READS = ['/products/', '/product-categories/', '/product-reviews/', '/content-pages/', '/jobs/', '/job-categories/', '/articles/', '/article-tags/', '/article-categories/', '/static-contents/page/'].map((prefix) => `${API_BASE}${prefix}`);
/** Suggestions while a part number is typed: a read, though SPEC §7 makes it a POST. */
const SUGGESTIONS = `${API_BASE}/search/get-suggested-products.json`;
const SIGN_IN = `${API_BASE}/members/login`;
/** The back office's sign-in steps: the password, the code (or a recovery code), the enrolment's first code. */
const STAFF_SIGN_IN = new Set([`${API_BASE}/admin/sign-in`, `${API_BASE}/admin/sign-in/totp`, `${API_BASE}/admin/totp/confirm`]);
/** The password calls of the member accounts: each is worth guessing (a current password, a link's token). */
const PASSWORD_RESET = /^\/web-api\/members\/(forgotten-password|change-password|guest-register)(\/|$)/;
const REGISTER = `${API_BASE}/members/register`;
/** SPEC §7 public forms; the enquiry sits outside /web-api. */
const FORMS = new Set([`${API_BASE}/part-requests/form`, `${API_BASE}/product-notifications`, '/form-messages/save.json']);
/** A job application (SPEC §2 jobs): a public form with a CV. */
const JOB_APPLICATION = /^\/web-api\/jobs\/apply\/[^/]+$/;

export function callKindOf(request: Pick<FastifyRequest, 'method' | 'url'>): CallKind {
  const pathname = pathnameOf(request.url);
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  if (request.method === 'POST') {
    if (pathname === SIGN_IN || STAFF_SIGN_IN.has(pathname)) return 'sign-in';
    if (PASSWORD_RESET.test(pathname)) return 'password-reset';
    if (pathname === REGISTER) return 'register';
    if (FORMS.has(pathname) || JOB_APPLICATION.test(pathname)) return 'forms';
    if (pathname === SUGGESTIONS) return 'catalogue';
  }
  if (isRead && (!isApiPath(pathname) || CATALOGUE_READS.some((prefix) => pathname.startsWith(prefix)))) return 'catalogue';
  return 'other';
}

type Counted = { current: number; ttl: number };
interface CounterStore {
  incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number, max: number): void;
  child(routeOptions: unknown): CounterStore;
}
type StoreOf<Args extends unknown[]> = new (...args: Args) => CounterStore;

// The plugin's own two stores (no types of their own: the package publishes only its index's).
const requireOfPlugin = createRequire(import.meta.url);
const RedisCounters = requireOfPlugin('@fastify/rate-limit/store/RedisStore') as StoreOf<[boolean | undefined, boolean | undefined, RedisLink['client'], string]>;
const LocalCounters = requireOfPlugin('@fastify/rate-limit/store/LocalStore') as StoreOf<[boolean | undefined, boolean | undefined, number | undefined]>;

/** Redis's counters while Redis is up; this process's while it is away or a command fails. */
class FallbackCounters implements CounterStore {
  constructor(
    private readonly link: RedisLink,
    private readonly shared: CounterStore,
    private readonly local: CounterStore,
  ) {}

  incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number, max: number): void {
    if (!this.link.isUp()) return this.local.incr(key, callback, timeWindow, max);
    this.shared.incr(
      key,
      (error, result) => {
        if (error) this.local.incr(key, callback, timeWindow, max);
        else callback(null, result);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: unknown): CounterStore {
    return new FallbackCounters(this.link, this.shared.child(routeOptions), this.local.child(routeOptions));
  }
}

/** The rate-limit plugin's `store` option: a constructor it calls with its own options. */
function fallbackStoreOf(link: RedisLink) {
  return class implements CounterStore {
    private readonly counters: FallbackCounters;

    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      this.counters = new FallbackCounters(
        link,
        new RedisCounters(options.continueExceeding, options.exponentialBackoff, link.client, 'fastify-rate-limit-'),
        new LocalCounters(options.continueExceeding, options.exponentialBackoff, undefined),
      );
    }

    incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number, max: number): void {
      this.counters.incr(key, callback, timeWindow, max);
    }

    child(routeOptions: unknown): CounterStore {
      return this.counters.child(routeOptions);
    }
  };
}

export const rateLimiting = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    const link = app.redis;
    const limits: Record<CallKind, number> = {
      catalogue: config.rateLimits.catalogue,
      'sign-in': config.rateLimits.signIn,
      'password-reset': config.rateLimits.passwordReset,
      register: config.rateLimits.forms,
      forms: config.rateLimits.forms,
      other: config.rateLimitMax,
    };
    // A module may give a call its own limit (route config.rateLimit); for the strict kinds the
    // configured limit decides. Added before the rate-limit plugin's own onRoute hook, so it reads
    // what this one sets.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const kinds = new Set(methods.map((method) => callKindOf({ method, url: route.url })));
      const [kind] = kinds;
      if (kinds.size !== 1 || kind === undefined || kind === 'catalogue' || kind === 'other') return;
      route.config = { ...route.config, rateLimit: { max: limits[kind], timeWindow: '1 minute' } };
    });
    await app.register(rateLimit, {
      global: true,
      max: (request) => limits[callKindOf(request)],
      // Each kind counts apart: browsing the catalogue never uses up the sign-in attempts.
      keyGenerator: (request) => `${callKindOf(request)}:${request.ip}`,
      timeWindow: '1 minute',
      ...(link ? { store: fallbackStoreOf(link) as unknown as FastifyRateLimitStoreCtor } : {}),
      // Neither store fails as used here; were one to, a shop that stops selling because its
      // counter store is down is worse than one that briefly does not count.
      skipOnError: true,
      allowList: (request) => {
        const pathname = pathnameOf(request.url);
        // Only reads of files: a write to a path ending in .json outside the API (the enquiry
        // form's /form-messages/save.json) counts like any call.
        const isRead = request.method === 'GET' || request.method === 'HEAD';
        return isRead && looksLikeFile(pathname) && !isApiPath(pathname);
      },
      errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyRequests),
    });
  },
  { name: 'rate-limiting', dependencies: ['redis-connection'] },
);
