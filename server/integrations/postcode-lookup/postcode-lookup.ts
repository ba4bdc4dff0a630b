/**
 * The postcode lookup port: the addresses at a UK postcode, for the checkout's address forms. The
 * embedded dataset answers by default; Ideal Postcodes when IDEAL_POSTCODES_API_KEY is set. The
 * browser asks the server (GET /web-api/addresses/lookup), so no provider key reaches it.
 */

/** An address as a lookup gives it, in the fields of SPEC §3 Address. */
export interface PostcodeAddress {
  address1: string;
  address2: string;
  address3: string;
  city: string;
  county: string;
  /** Formatted as Royal Mail writes it: upper case, one space before the inward code. */
  postcode: string;
}

export type PostcodeLookupResult =
  | { status: 'found'; addresses: PostcodeAddress[] }
  | { status: 'not_found' }
  /** The service could not answer (down, slow, refused our key or quota): not the customer's mistake. */
  | { status: 'unavailable'; reason: string };

export interface PostcodeLookup {
  /** @param postcode a UK-shaped postcode (src/domain isUkPostcode), any case and spacing. */
  find(postcode: string): Promise<PostcodeLookupResult>;
}

/** 'sw1a1aa' → 'SW1A 1AA'. */
export function formatPostcode(postcode: string): string {
  const key = postcode.replace(/\s+/g, '').toUpperCase();
  return `${key.slice(0, -3)} ${key.slice(-3)}`;
}
