/**
 * The vehicle page's code, loaded by the route's loader only when the URL is a vehicle: most
 * product visits are parts and never download it. Because the loader waits for it (on the server
 * before the first paint, in the browser before hydrating), the page renders at once, never
 * through a Suspense fallback, so the browser adopts the server's markup as it is.
 */
import type VehiclePageComponent from './components/vehicle-page';

let loaded: typeof VehiclePageComponent | null = null;

export async function loadVehiclePageCode(): Promise<typeof VehiclePageComponent> {
  loaded ??= (await import('./components/vehicle-page')).default;
  return loaded;
}

/** The vehicle page, once {@link loadVehiclePageCode} has run; null before. */
export function loadedVehiclePage(): typeof VehiclePageComponent | null {
  return loaded;
}
