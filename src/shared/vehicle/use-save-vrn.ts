/**
 * Saving the VRN (SPEC §4) from a screen: on this device always (saved-vehicle.ts), and for a
 * signed-in member in the garage too, where it becomes the current vehicle. The garage call's
 * code loads on the first save, so the home page's first download carries only this hook.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isSignedInMember, useAppProps } from '../app-props';
import { saveVrn } from './saved-vehicle';

export function useSaveVrn(): (typed: string) => string {
  const client = useQueryClient();
  const signedIn = isSignedInMember(useAppProps());
  return useCallback(
    (typed: string) => {
      const cleaned = saveVrn(typed);
      if (signedIn) void import('../garage/saved-vrn-sync').then(({ sendSavedVrn }) => sendSavedVrn(client, cleaned));
      return cleaned;
    },
    [client, signedIn],
  );
}
