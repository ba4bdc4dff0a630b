/**
 * 'My garage' (issue 17, contract/garage.ts and alerts.ts): adding, removing and choosing the
 * current vehicle, and each vehicle's alert. Every change reads the garage again, and the fit
 * badges with it (they follow the current vehicle).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addGarageVehicle, removeGarageVehicle, setCurrentVehicle } from '../../../contract/garage';
import { IDEMPOTENCY_KEY_HEADER } from '../../../contract/idempotency';
import { createAlert, deleteAlert } from '../../../contract/alerts';
import { apiOf } from '../../../shared/api/client';
import { garageKeys, garageQueryOptions } from '../../../shared/garage/garage-queries';

export function useGarage() {
  return useQuery(garageQueryOptions());
}

export type NewVehicle = { vrn: string } | { make: string; model?: string; year?: number };

function useGarageChange<T, R>(send: (api: ReturnType<typeof apiOf>, input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => send(apiOf(client), input),
    // The alerts' list (a vehicle's alert is one of them) follows the garage.
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: garageKeys.all }), client.invalidateQueries({ queryKey: ['alerts'] })]),
  });
}

/** Adds a vehicle with the Idempotency-Key made when Add was pressed (the outbox sends the same one offline). */
export const useAddVehicle = () =>
  useGarageChange((api, { body, idempotencyKey }: { body: NewVehicle; idempotencyKey: string }) => api(addGarageVehicle, { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }));

export const useRemoveVehicle = () => useGarageChange((api, id: number) => api(removeGarageVehicle, { params: { id } }));

export const useMakeCurrent = () => useGarageChange((api, id: number) => api(setCurrentVehicle, { params: { id } }));

/** 'Tell me when parts arrive': on creates the vehicle's alert, off deletes it. */
export const useVehicleAlert = () =>
  useGarageChange(async (api, change: { vehicleId: number; alertId: number | null; on: boolean }) => {
    if (change.on) await api(createAlert, { body: { garage_vehicle_id: change.vehicleId } });
    else if (change.alertId !== null) await api(deleteAlert, { params: { id: change.alertId } });
  });
