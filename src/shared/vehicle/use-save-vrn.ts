/**
 * Saving the VRN (SPEC §4) from a screen: on this device always (saved-vehicle.ts), and for a
 * signed-in member in the garage too, where it becomes the current vehicle. The garage call's
 * code loads on the first save.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isSignedInMember, useAppProps } from '../app-props';
import { savedVrn, saveVrn } from './saved-vehicle';

/**
 * At sign-in (the login modal, the checkout's sign-in, registration): the registration this device
 * kept as a visitor becomes the member's current vehicle, as a search after signing in would make it.
 */
export function sendKeptVrn(client: QueryClient): void {
  const kept = savedVrn();
  if (kept !== '') void import('../garage/saved-vrn-sync').then(({ sendSavedVrn }) => sendSavedVrn(client, kept));
}

/** Tells a signed-in member's garage the VRN saved on this device (nothing for a visitor). */
export function useSavedVrnSync(): (cleaned: string) => void {
  const client = useQueryClient();
  const signedIn = isSignedInMember(useAppProps());
  return useCallback(
    (cleaned: string) => {
      if (signedIn) void import('../garage/saved-vrn-sync').then(({ sendSavedVrn }) => sendSavedVrn(client, cleaned));
    },
    [client, signedIn],
  );
}

/** Saves the VRN as typed, on this device and in a member's garage; returns it cleaned. */
export function useSaveVrn(): (typed: string) => string {
  const sync = useSavedVrnSync();
  return useCallback(
    (typed: string) => {
      const cleaned = saveVrn(typed);
      sync(cleaned);
      return cleaned;
    },
    [sync],
  );
}
