import type { Config } from '../../config';
import { createEmbeddedPostcodeLookup } from './embedded';
import { createIdealPostcodesLookup } from './ideal-postcodes';
import type { PostcodeLookup } from './postcode-lookup';

export type { PostcodeAddress, PostcodeLookup, PostcodeLookupResult } from './postcode-lookup';

/** The adapter the configuration names (IDEAL_POSTCODES_API_KEY set: Ideal Postcodes; otherwise the embedded dataset). */
export function createPostcodeLookup(config: Config['checkout']['postcodeLookup']): PostcodeLookup {
  if (config.adapter === 'ideal-postcodes') return createIdealPostcodesLookup(config);
  return createEmbeddedPostcodeLookup();
}
