/**
 * The embedded VAT register: the demo companies of embedded-registry.json, no network and no
 * credentials, so a company registration fills its address in a fresh install. It has the
 * outcomes of the real register: a listed number is found, any other valid number is not found,
 * and the demo number GB 999 9999 73 (the file's `unavailable` list) answers 'unavailable', so
 * the screen for a register that cannot answer can be seen offline. Every listed number passes
 * HMRC's check digits (checked when the file is read); the companies are made up, their addresses
 * are those of the embedded postcode dataset. The demo numbers are listed in README.md.
 */
import { readFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { ukCheckRuleOf } from '../../../src/domain/vat-number';
import type { VatLookup, VatLookupResult, VatRegistration } from './vat-lookup';

const vrn = z.string().check(z.refine((value) => ukCheckRuleOf(value) !== null, 'not a valid 9-digit UK VAT number'));

const registrySchema = z.object({
  unavailable: z.array(vrn),
  companies: z.array(
    z.object({
      vatNumber: vrn,
      name: z.string().check(z.minLength(1)),
      addressLines: z.array(z.string().check(z.minLength(1))).check(z.minLength(1), z.maxLength(5)),
      postcode: z.string().check(z.minLength(1)),
      countryCode: z.string().check(z.length(2)),
    }),
  ),
});

export type EmbeddedVatRegistry = z.infer<typeof registrySchema>;

/** The file beside this module (the built server keeps this module's own URL: scripts/build-server.mjs). */
export function readEmbeddedVatRegistry(file: URL = new URL('./embedded-registry.json', import.meta.url)): EmbeddedVatRegistry {
  const result = registrySchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (result.success) return result.data;
  const problems = result.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`VAT register ${file.pathname}: ${problems.join('; ')}`);
}

/** Why a demo number of the `unavailable` list is not answered. */
export const EMBEDDED_UNAVAILABLE_REASON = 'the demo number of a register that cannot answer';

export function createEmbeddedVatLookup(registry: EmbeddedVatRegistry = readEmbeddedVatRegistry()): VatLookup {
  const byNumber = new Map<string, VatRegistration>(registry.companies.map((company) => [company.vatNumber, company]));
  const unavailable = new Set(registry.unavailable);
  return {
    async lookup(vatNumber): Promise<VatLookupResult> {
      if (unavailable.has(vatNumber)) return { status: 'unavailable', reason: EMBEDDED_UNAVAILABLE_REASON };
      const registration = byNumber.get(vatNumber);
      return registration ? { status: 'found', registration: { ...registration, addressLines: [...registration.addressLines] } } : { status: 'not_found' };
    },
  };
}
