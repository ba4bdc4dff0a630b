/**
 * SPEC §4's saved VRN for a signed-in member (contract/garage.ts): the registration the page saved
 * becomes the garage's current vehicle (PUT /garage/saved-vrn; '' leaves none current), so the fit
 * badges follow the vehicle the member searched for. Loaded on the first save, not with the page.
 */
import type { QueryClient } from '@tanstack/react-query';
import { putSavedVrn } from '../../contract/garage';
import { isApiError } from '../api/api-error';
import { apiOf } from '../api/client';
import { garageKeys } from './garage-queries';

export async function sendSavedVrn(client: QueryClient, vrn: string): Promise<void> {
  try {
    await apiOf(client)(putSavedVrn, { body: { vrn } });
  } catch (error) {
    // A registration the lookup does not know (422), a session that has ended (401) or a lookup
    // that is down (503) leaves the garage as it was: the VRN stays saved on this device as for a
    // visitor, and the search itself tells the person about the registration.
    if (isApiError(error)) return;
    throw error;
  }
  await client.invalidateQueries({ queryKey: garageKeys.all });
}
