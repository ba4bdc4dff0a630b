/**
 * The vehicle page's code: most product visits are parts and never download it. The route's
 * loader starts loading it when the URL is a vehicle, and the page is a lazy component inside a
 * Suspense boundary: the server waits for it while streaming, and the browser keeps the server's
 * markup of that boundary until the code has arrived, then hydrates it.
 */
import { lazy } from 'react';

const load = () => import('./components/vehicle-page');

/** Starts (or finds) the download of the vehicle page's code. */
export async function loadVehiclePageCode(): Promise<void> {
  await load();
}

export const VehiclePage = lazy(load);
