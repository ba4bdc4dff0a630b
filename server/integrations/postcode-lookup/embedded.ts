/**
 * The embedded postcode lookup: the dataset of embedded-data.ts, no network and no key. It has the
 * states of the real service: found, and not found for a postcode it does not hold.
 */
import { EMBEDDED_POSTCODES } from './embedded-data';
import { formatPostcode, type PostcodeAddress, type PostcodeLookup } from './postcode-lookup';

const key = (postcode: string) => postcode.replace(/\s+/g, '').toUpperCase();

export function createEmbeddedPostcodeLookup(): PostcodeLookup {
  const byPostcode = new Map<string, PostcodeAddress[]>();
  for (const entry of EMBEDDED_POSTCODES) {
    const addresses = entry.streets.flatMap((street) =>
      street.premises.map((premise) => {
        // A number joins its street ('21 Baylis Road'); a name or a flat stands on its own line.
        const numbered = /^\d+[A-Z]?$/.test(premise);
        return {
          address1: numbered ? `${premise} ${street.street}` : premise,
          address2: numbered ? (street.locality ?? '') : street.street,
          address3: numbered ? '' : (street.locality ?? ''),
          city: entry.city,
          county: entry.county,
          postcode: formatPostcode(entry.postcode),
        };
      }),
    );
    byPostcode.set(key(entry.postcode), addresses);
  }
  return {
    async find(postcode) {
      const addresses = byPostcode.get(key(postcode));
      return addresses ? { status: 'found', addresses } : { status: 'not_found' };
    },
  };
}
