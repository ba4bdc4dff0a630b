/** GET /products/compatibility.json (SPEC §4): how well this part fits the car of a registration. */
import { useMutation } from '@tanstack/react-query';
import { checkCompatibility } from '../../../contract/catalogue';
import type { CallResponse } from '../../../contract/define';
import { apiOf, type Api } from '../../../shared/api/client';

export type CompatibilityAnswer = CallResponse<typeof checkCompatibility>;

export function fetchCompatibility(api: Api, tag: string, vrn: string): Promise<CompatibilityAnswer> {
  return api(checkCompatibility, { query: { tag, vrn } });
}

/** A check is an action the person takes (submit), so it runs as a mutation, not on render. */
export function useCheckCompatibility() {
  return useMutation({ mutationFn: ({ tag, vrn }: { tag: string; vrn: string }, { client }) => fetchCompatibility(apiOf(client), tag, vrn) });
}
