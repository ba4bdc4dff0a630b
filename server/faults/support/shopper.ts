/**
 * A browser's calls over real HTTP, as the API tests' shopper makes them with app.inject
 * (server/test/checkout.ts): the session and CSRF cookies a first page load set, sent back with
 * every call, and the CSRF token echoed in X-CSRF-Token on every write. Each call has a time limit
 * and answers an Answer (status 0: connection failed, -1: no answer in time), never throws.
 */
import { sessionCookieNames } from '../../../src/contract/cookies';
import { timedRequest, type Answer } from './load';

export interface CallOptions {
  hangMs?: number;
  headers?: Record<string, string>;
  /** The path as given, not under /web-api (a page). */
  rawPath?: boolean;
  accept?: string;
}

export interface HttpShopper {
  /** Sends one /web-api call with this browser's cookies. */
  call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, options?: CallOptions): Promise<Answer>;
  cookieHeader(): string;
  /** The token its writes echo in X-CSRF-Token. */
  csrfToken(): string;
}

/**
 * The shop a browser calls: one address, or a function answering each request's address (a
 * visitor whose requests land on any of several API processes, as behind a proxy).
 */
export type ShopAddress = string | (() => string);

/**
 * A browser's cookie jar for one pair of session cookie names: every call sends the jar, echoes
 * the readable CSRF cookie in X-CSRF-Token on writes, and keeps what Set-Cookie answers.
 */
export function cookieBrowser(shop: ShopAddress, names: { session: string; csrf: string }, hangMs = 30_000): HttpShopper & { hasCookies(): boolean } {
  const baseUrl = typeof shop === 'string' ? () => shop : shop;
  const cookies = new Map<string, string>();
  const adopt = (answer: Answer) => {
    for (const line of answer.setCookies) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (!pair || at <= 0) continue;
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return {
    cookieHeader,
    csrfToken: () => cookies.get(names.csrf) ?? '',
    hasCookies: () => Boolean(cookies.get(names.session) && cookies.get(names.csrf)),
    async call(method, path, body, options = {}) {
      const headers: Record<string, string> = { cookie: cookieHeader(), accept: options.accept ?? 'application/json', ...options.headers };
      if (method !== 'GET') headers['x-csrf-token'] = cookies.get(names.csrf) ?? '';
      if (body !== undefined) headers['content-type'] = 'application/json';
      const answer = await timedRequest(baseUrl(), { method, path: options.rawPath ? path : `/web-api${path}`, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }, options.hangMs ?? hangMs);
      adopt(answer);
      return answer;
    },
  };
}

/**
 * Opens the shop's home page as a browser, or (`opening`) the call the installed app makes first,
 * a read of the cart, and keeps the cookies it set (production names).
 */
export async function httpShopper(shop: ShopAddress, { hangMs = 30_000, production = true, opening = '/' } = {}): Promise<HttpShopper> {
  const browser = cookieBrowser(shop, sessionCookieNames(production), hangMs);
  const first = await browser.call('GET', opening, undefined, { rawPath: true, accept: opening === '/' ? 'text/html' : 'application/json' });
  if (!browser.hasCookies()) throw new Error(`GET ${opening} set no session cookies (${first.status}): ${first.error ?? first.body.slice(0, 300)}`);
  return browser;
}

/** A guest's complete addresses form, as server/test/checkout.ts's guestForm. */
export function guestForm(email: string) {
  return {
    is_guest: true,
    email,
    first_name: 'Sam',
    last_name: 'Turner',
    type: 'PRIVATE',
    same_shipping_address: true,
    member_profile: { mobile: '07700 900123' },
    member_address: { first_name: 'Sam', last_name: 'Turner', address1: '2 Mill Hill', city: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 4AP', country_id: 235 },
    cart: { comments_delivery: 'Side gate is open' },
    agree_terms: true,
    agree_privacy: true,
  };
}

/** The sandbox's card that always succeeds. */
export const SANDBOX_CARD = { card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', name: 'Sam Turner' };

/** Throws with the call and its answer unless it answered 200; answers the parsed JSON. */
export function okJson<T = Record<string, unknown>>(answer: Answer): T {
  if (answer.status !== 200) throw new Error(`${answer.what} answered ${answer.status}${answer.error ? ` (${answer.error})` : ''}: ${answer.body.slice(0, 300)}`);
  return JSON.parse(answer.body) as T;
}
