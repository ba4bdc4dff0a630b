/** POST /carts/validate-postcode (SPEC §7): is this postcode right for the region? Stores nothing. */
import { useMutation } from '@tanstack/react-query';
import { validatePostcode } from '../../../contract/cart';
import { apiOf } from '../../../shared/api/client';

export function useValidatePostcode() {
  return useMutation({
    mutationKey: ['cart', 'validate-postcode'],
    mutationFn: (body: { region_id: number; region_postcode: string }, { client }) => apiOf(client)(validatePostcode, { body }),
  });
}
