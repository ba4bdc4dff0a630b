import type { Config } from '../../config';
import { createEmbeddedVatLookup } from './embedded';
import { createHmrcVatLookup } from './hmrc';
import type { VatLookup } from './vat-lookup';

export type { VatLookup, VatLookupResult, VatRegistration } from './vat-lookup';

/**
 * The adapter the configuration names (HMRC_CLIENT_ID and HMRC_CLIENT_SECRET set: HMRC's API;
 * otherwise the embedded register). `now` is the app's clock, for the HMRC token's expiry.
 */
export function createVatLookup(config: Config['vatLookup'], now?: () => Date): VatLookup {
  if (config.adapter === 'hmrc') return createHmrcVatLookup({ clientId: config.clientId, clientSecret: config.clientSecret, url: config.url, timeoutMs: config.timeoutMs, now });
  return createEmbeddedVatLookup();
}
