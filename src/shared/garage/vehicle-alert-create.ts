/**
 * Making a vehicle alert (POST /alerts/create {vehicle}), loaded on the first tap of the offer.
 * Signed out, or a session that has ended (401), it opens the login modal and makes the alert once
 * the visitor has signed in; `onMadeLater` tells the offer then.
 */
import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { createAlert } from '../../contract/alerts';
import { t } from '../../domain/messages';
import '../../domain/messages-more';
import { openLoginModal } from '../account/login-modal-state';
import { isApiError } from '../api/api-error';
import { apiOf } from '../api/client';

interface VehicleWatched {
  make: string;
  model?: string | undefined;
  year?: number | undefined;
}

async function send(client: QueryClient, vehicle: VehicleWatched, name: string, onMadeLater: () => void, later: boolean): Promise<boolean> {
  try {
    const body = { make: vehicle.make, ...(vehicle.model ? { model: vehicle.model } : {}), ...(vehicle.year ? { year: vehicle.year } : {}) };
    await apiOf(client)(createAlert, { body: { vehicle: body } });
    void client.invalidateQueries({ queryKey: ['alerts'] });
    toast.success(t('alerts.vehicle_created', { vehicle: name }));
    if (later) onMadeLater();
    return true;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      openLoginModal(() => void send(client, vehicle, name, onMadeLater, true));
      return false;
    }
    toast.error(isApiError(error) && error.kind !== 'parse' ? error.msg : t('alerts.failed'));
    return false;
  }
}

/** True when the alert was made now; false when it waits for sign-in or failed. */
export async function makeVehicleAlert(client: QueryClient, vehicle: VehicleWatched, name: string, signedIn: boolean, onMadeLater: () => void): Promise<boolean> {
  if (!signedIn) {
    openLoginModal(() => void send(client, vehicle, name, onMadeLater, true));
    return false;
  }
  return send(client, vehicle, name, onMadeLater, false);
}
