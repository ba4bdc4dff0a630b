/**
 * The vehicle lookup port: what a registration number tells us about the car behind it. The
 * embedded registry answers by default; the DVLA's Vehicle Enquiry Service when it is configured.
 */

/** A car as a lookup describes it. Fields a service does not give are empty ('' or null). */
export interface LookedUpVehicle {
  make: string;
  /** Null when the service names no model (the DVLA never does): the search then offers models. */
  model: string | null;
  year: number;
  style: string;
  transmission: string;
  gears: number | null;
  engineCode: string;
  imageUrl: string;
}

export type LookupResult =
  | { status: 'found'; vehicle: LookedUpVehicle }
  | { status: 'not_found' }
  /** The service could not answer (down, slow, refused us): not the customer's mistake. */
  | { status: 'unavailable'; reason: string };

export interface VehicleLookup {
  /** @param vrn a cleaned registration (src/domain cleanVrn): upper case, no spaces. */
  lookup(vrn: string): Promise<LookupResult>;
}
