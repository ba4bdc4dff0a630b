/**
 * The DVLA Vehicle Enquiry Service adapter (REST: POST {registrationNumber} with an x-api-key).
 * It answers the make and year of manufacture but no model, body style or engine code, so a
 * search on its answer offers the make's models for the customer to choose.
 */
import * as z from 'zod/mini';
import type { LookupResult, VehicleLookup } from './vehicle-lookup';

export const DVLA_DEFAULT_URL = 'https://driver-vehicle-licensing.api.gov.uk/vehicle-enquiry/v1/vehicles';

export interface DvlaOptions {
  apiKey: string;
  url: string;
  /** A lookup slower than this counts as unavailable: the customer is waiting on the search. */
  timeoutMs: number;
}

/** The fields we read of the service's answer; it sends more (tax and MOT status, colour…). */
const vehicleAnswer = z.object({
  make: z.string(),
  yearOfManufacture: z.optional(z.int()),
  /** 'YYYY-MM', the fallback for a year when the service has no year of manufacture. */
  monthOfFirstRegistration: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}$/))),
});

export function createDvlaVehicleLookup({ apiKey, url, timeoutMs }: DvlaOptions): VehicleLookup {
  return {
    async lookup(vrn) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'x-api-key': apiKey, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ registrationNumber: vrn }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        // A timeout, a refused connection or a DNS failure: the service, not the registration.
        return { status: 'unavailable', reason: error instanceof Error ? error.message : String(error) } satisfies LookupResult;
      }
      if (response.status === 404) return { status: 'not_found' };
      // 400 (a registration it will not read), 401/403 (our key), 429 (our quota) and 5xx all
      // leave the registration unknown; the search says the lookup is unavailable.
      if (!response.ok) return { status: 'unavailable', reason: `DVLA answered ${response.status}` };
      const parsed = vehicleAnswer.safeParse(await response.json().catch(() => null));
      const year = parsed.success ? (parsed.data.yearOfManufacture ?? Number(parsed.data.monthOfFirstRegistration?.slice(0, 4))) : NaN;
      if (!parsed.success || !Number.isInteger(year)) return { status: 'unavailable', reason: 'DVLA answered without a make and year' };
      return {
        status: 'found',
        vehicle: { make: parsed.data.make, model: null, year, style: '', transmission: '', gears: null, engineCode: '', imageUrl: '' },
      };
    },
  };
}
