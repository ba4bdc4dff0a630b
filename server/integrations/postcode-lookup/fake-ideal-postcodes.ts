/**
 * A local stand-in for the Ideal Postcodes API, for tests: it checks the key (Authorization header
 * or api_key query, as the real API accepts both), knows a few postcodes and answers as the real
 * service does — 404 code 4040 for an unknown postcode, 401 code 4010 for a bad key, 402 code 4020
 * once the key's balance is spent, 429 when rate-limited, 500 for a failing postcode, and a slow
 * answer for one.
 */
import { listenFakeProvider, sendJson } from '../fake-provider-server';

export const FAKE_IDEAL_POSTCODES_KEY = 'ak_test_fake_key';

export interface FakeIdealAddress {
  line_1: string;
  line_2?: string;
  line_3?: string;
  post_town: string;
  county?: string;
}

export interface FakeIdealPostcodesOptions {
  /** Postcode (upper case, no space) → its addresses. */
  postcodes: Record<string, FakeIdealAddress[]>;
  failing?: string[];
  slow?: Record<string, number>;
  /** Lookups the key may make before its balance is spent (402). */
  balance?: number;
  /** Postcodes answered with 429. */
  rateLimited?: string[];
}

export interface FakeIdealPostcodes {
  url: string;
  /** Postcodes asked for, in order. */
  received: string[];
  close(): Promise<void>;
}

export async function startFakeIdealPostcodes(options: FakeIdealPostcodesOptions): Promise<FakeIdealPostcodes> {
  const received: string[] = [];
  let balance = options.balance ?? Number.POSITIVE_INFINITY;
  const server = await listenFakeProvider((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const match = /^\/v1\/postcodes\/([^/]+)$/.exec(url.pathname);
    if (request.method !== 'GET' || !match) return sendJson(response, 404, { code: 4044, message: 'Resource not found' });
    const headerKey = /api_key="([^"]*)"/.exec(request.headers.authorization ?? '')?.[1];
    const key = headerKey ?? url.searchParams.get('api_key');
    if (key !== FAKE_IDEAL_POSTCODES_KEY) return sendJson(response, 401, { code: 4010, message: 'Invalid Key. Please verify the key is correct and try again' });
    const postcode = decodeURIComponent(match[1] ?? '').replace(/\s+/g, '').toUpperCase();
    received.push(postcode);
    if (balance <= 0) return sendJson(response, 402, { code: 4020, message: 'Token balance depleted. Please top up your balance to continue' });
    balance -= 1;
    if (options.rateLimited?.includes(postcode)) return sendJson(response, 429, { code: 4290, message: 'Rate limit reached' });
    if (options.failing?.includes(postcode)) return sendJson(response, 500, { code: 5000, message: 'Internal server error' });
    const answer = () => {
      const addresses = options.postcodes[postcode];
      if (!addresses) return sendJson(response, 404, { code: 4040, message: 'Postcode Not Found' });
      const formatted = `${postcode.slice(0, -3)} ${postcode.slice(-3)}`;
      return sendJson(response, 200, {
        result: addresses.map((address, index) => ({
          postcode: formatted,
          postcode_inward: postcode.slice(-3),
          postcode_outward: postcode.slice(0, -3),
          post_town: address.post_town,
          dependant_locality: '',
          line_1: address.line_1,
          line_2: address.line_2 ?? '',
          line_3: address.line_3 ?? '',
          county: address.county ?? '',
          country: 'England',
          udprn: 10_000_000 + index,
          longitude: -1.5,
          latitude: 53.8,
        })),
        code: 2000,
        message: 'Success',
      });
    };
    server.later(response, options.slow?.[postcode] ?? 0, answer);
  });
  return {
    url: `http://127.0.0.1:${server.port}/v1/postcodes`,
    received,
    close: () => server.close(),
  };
}
