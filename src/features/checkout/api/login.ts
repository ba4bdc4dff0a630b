/**
 * POST /members/login (SPEC §7) from the addresses step: the session is rotated and the visitor's
 * cart joins the member's, so the app props, the cart and the form's starting addresses are read
 * again; the registration this device kept joins the member's garage.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { login } from '../../../contract/members';
import { apiOf } from '../../../shared/api/client';
import { sendKeptVrn } from '../../../shared/vehicle/use-save-vrn';
import { announceSignedIn } from '../../../shared/account/signed-in-event';
import { appPropsQueryOptions } from '../../../shared/app-props';
import { cartKeys } from '../../../shared/cart/cart-api';
import { checkoutKeys } from './get-recent-addresses';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['members', 'login'],
    mutationFn: (body: { email: string; password: string }, { client }) => apiOf(client)(login, { body }),
    onSuccess: () => {
      announceSignedIn();
      sendKeptVrn(queryClient);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: appPropsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: cartKeys.current() }),
        queryClient.invalidateQueries({ queryKey: checkoutKeys.recent() }),
      ]);
    },
  });
}
