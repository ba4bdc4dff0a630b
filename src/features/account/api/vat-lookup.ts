/** GET /gus/index/{nip} (SPEC §7): the company registered under a VAT number, asked on 'Find my company'. */
import { useMutation } from '@tanstack/react-query';
import { lookupVatNumber } from '../../../contract/vat';
import { apiOf } from '../../../shared/api/client';

export function useVatLookup() {
  return useMutation({
    mutationKey: ['vat-lookup'],
    mutationFn: (nip: string, { client }) => apiOf(client)(lookupVatNumber, { params: { nip } }),
  });
}
