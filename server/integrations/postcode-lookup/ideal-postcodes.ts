/**
 * The Ideal Postcodes adapter (REST: GET /v1/postcodes/{postcode}, the key in the Authorization
 * header so it never sits in a URL a log might keep). It answers Royal Mail's Postcode Address File
 * lines for the postcode; 404 with code 4040 for a postcode it does not know; 401 for a bad key,
 * 402 when the key's balance or daily limit is spent, 429 when rate-limited and 5xx when down —
 * all of which leave the postcode unknown rather than wrong.
 */
import * as z from 'zod/mini';
import type { PostcodeLookup, PostcodeLookupResult } from './postcode-lookup';

export const IDEAL_POSTCODES_DEFAULT_URL = 'https://api.ideal-postcodes.co.uk/v1/postcodes';

export interface IdealPostcodesOptions {
  apiKey: string;
  /** The postcodes resource; the postcode is appended as a path segment. */
  url: string;
  timeoutMs: number;
}

/** The fields we read of each address; the service sends many more (UDPRN, coordinates…). */
const answerSchema = z.object({
  code: z.number(),
  result: z.array(
    z.object({
      line_1: z.string(),
      line_2: z._default(z.string(), ''),
      line_3: z._default(z.string(), ''),
      post_town: z.string(),
      county: z._default(z.string(), ''),
      postcode: z.string(),
    }),
  ),
});

export function createIdealPostcodesLookup({ apiKey, url, timeoutMs }: IdealPostcodesOptions): PostcodeLookup {
  return {
    async find(postcode): Promise<PostcodeLookupResult> {
      const key = postcode.replace(/\s+/g, '').toUpperCase();
      let response: Response;
      try {
        response = await fetch(`${url}/${encodeURIComponent(key)}`, {
          headers: { authorization: `api_key="${apiKey}"`, accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        return { status: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
      }
      if (response.status === 404) return { status: 'not_found' };
      if (!response.ok) return { status: 'unavailable', reason: `Ideal Postcodes answered ${response.status}` };
      const parsed = answerSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) return { status: 'unavailable', reason: 'Ideal Postcodes answered in an unexpected shape' };
      if (parsed.data.result.length === 0) return { status: 'not_found' };
      return {
        status: 'found',
        addresses: parsed.data.result.map((address) => ({
          address1: address.line_1,
          address2: address.line_2,
          address3: address.line_3,
          city: address.post_town,
          county: address.county,
          postcode: address.postcode,
        })),
      };
    },
  };
}
