/**
 * The HMRC adapter: 'Check a UK VAT number' API version 2 (hmrc/vat-registered-companies-api,
 * public/api/conf/2.0/application.yaml). Application-restricted: an OAuth 2.0 client-credentials
 * token with the read:vat scope from POST /oauth/token, then GET
 * /organisations/vat/check-vat-number/lookup/{targetVrn} with `Accept: application/vnd.hmrc.2.0+json`
 * and the token as a Bearer. 200 gives the target's name and address (line1–line5, postcode,
 * countryCode); 404 NOT_FOUND a number no company is registered under; 400 INVALID_REQUEST a
 * number that is not 9 or 12 digits; 500 HMRC's own failure.
 *
 * The token is kept until a minute before it expires (HMRC's last four hours), shared by lookups
 * running at the same time, and fetched again once if HMRC refuses it (revoked, or our clock
 * ahead). Every failure of the exchange — token refused, 401/403/429, 5xx, a timeout, an answer of
 * the wrong shape — leaves the number unknown: 'unavailable', never 'not found'.
 */
import * as z from 'zod/mini';
import type { VatLookup, VatLookupResult } from './vat-lookup';

export interface HmrcOptions {
  clientId: string;
  clientSecret: string;
  /** The API host, e.g. https://api.service.hmrc.gov.uk (sandbox: https://test-api.service.hmrc.gov.uk). */
  url: string;
  /** For the whole lookup, token included: the person waits on it to fill the form. */
  timeoutMs: number;
  /** The app's clock (app.clock), so tests can move time past the token's expiry. */
  now?: () => Date;
}

export const HMRC_SCOPE = 'read:vat';
export const HMRC_ACCEPT = 'application/vnd.hmrc.2.0+json';
/** A token is renewed this long before HMRC says it expires, so it never lapses mid-request. */
const TOKEN_MARGIN_MS = 60_000;

const tokenAnswer = z.object({ access_token: z.string().check(z.minLength(1)), expires_in: z.number() });

const lookupAnswer = z.object({
  target: z.object({
    name: z.string(),
    vatNumber: z.string(),
    address: z.object({
      line1: z.optional(z.string()),
      line2: z.optional(z.string()),
      line3: z.optional(z.string()),
      line4: z.optional(z.string()),
      line5: z.optional(z.string()),
      postcode: z.optional(z.string()),
      countryCode: z.string(),
    }),
  }),
});

class Unavailable extends Error {}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createHmrcVatLookup({ clientId, clientSecret, url, timeoutMs, now = () => new Date() }: HmrcOptions): VatLookup {
  let token: { value: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function fetchToken(signal: AbortSignal): Promise<string> {
    const requestedAt = now().getTime();
    let response: Response;
    try {
      response = await fetch(`${url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, scope: HMRC_SCOPE }),
        signal,
      });
    } catch (error) {
      throw new Unavailable(`HMRC token: ${messageOf(error)}`);
    }
    if (!response.ok) throw new Unavailable(`HMRC refused a token (${response.status})`);
    const parsed = tokenAnswer.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new Unavailable('HMRC answered the token request in an unexpected shape');
    token = { value: parsed.data.access_token, renewAt: requestedAt + parsed.data.expires_in * 1000 - TOKEN_MARGIN_MS };
    return token.value;
  }

  /** The kept token while it is fresh; otherwise one request for a new one, however many lookups wait. */
  function currentToken(signal: AbortSignal): Promise<string> {
    if (token && now().getTime() < token.renewAt) return Promise.resolve(token.value);
    pending ??= fetchToken(signal).finally(() => {
      pending = undefined;
    });
    return pending;
  }

  async function ask(vatNumber: string, bearer: string, signal: AbortSignal): Promise<Response> {
    try {
      return await fetch(`${url}/organisations/vat/check-vat-number/lookup/${encodeURIComponent(vatNumber)}`, {
        headers: { accept: HMRC_ACCEPT, authorization: `Bearer ${bearer}` },
        signal,
      });
    } catch (error) {
      throw new Unavailable(`HMRC lookup: ${messageOf(error)}`);
    }
  }

  return {
    async lookup(vatNumber): Promise<VatLookupResult> {
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        let bearer = await currentToken(signal);
        let response = await ask(vatNumber, bearer, signal);
        if (response.status === 401) {
          // A token HMRC no longer honours: forget it and try once with a new one.
          if (token?.value === bearer) token = undefined;
          bearer = await currentToken(signal);
          response = await ask(vatNumber, bearer, signal);
        }
        // 404 NOT_FOUND: no company holds the number. 400 INVALID_REQUEST: HMRC will not read it
        // (our rule sends only 9 digits), so no company can hold it either.
        if (response.status === 404 || response.status === 400) return { status: 'not_found' };
        if (!response.ok) return { status: 'unavailable', reason: `HMRC answered ${response.status}` };
        const parsed = lookupAnswer.safeParse(await response.json().catch(() => null));
        if (!parsed.success) return { status: 'unavailable', reason: 'HMRC answered the lookup in an unexpected shape' };
        const { target } = parsed.data;
        const { address } = target;
        return {
          status: 'found',
          registration: {
            vatNumber: target.vatNumber,
            name: target.name.trim(),
            addressLines: [address.line1, address.line2, address.line3, address.line4, address.line5].map((line) => line?.trim() ?? '').filter(Boolean),
            postcode: address.postcode?.trim() ?? '',
            countryCode: address.countryCode,
          },
        };
      } catch (error) {
        if (error instanceof Unavailable) return { status: 'unavailable', reason: error.message };
        return { status: 'unavailable', reason: messageOf(error) };
      }
    },
  };
}
