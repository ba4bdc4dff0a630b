/**
 * Warranty claims from the account (issue 32): the member's claims (GET /warranty-claims), a new
 * claim as a multipart form (POST /warranty-claims: the order's hash, the line, the reason and its
 * answers, fitting date, mileage, garage, the invoice and photos as `photos[]`) and the answer to
 * staff's question (POST /warranty-claims/{id}/reply).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CSRF_HEADER, API_BASE } from '../../../contract/http';
import { createWarrantyClaim, getWarrantyClaims, replyWarrantyClaim, type WarrantyClaim } from '../../../contract/warranty-claims';
import { CLAIM_KEYS } from '../../../domain/warranty-claims';
import { apiOf } from '../../../shared/api/client';
import { readCsrfToken } from '../../../shared/api/csrf';
import { parseAnswer } from '../../../shared/api/parse-answer';
import { sendForm } from '../../../shared/api/send-form';

const all = ['account', 'warranty-claims'] as const;

export const myClaimsQueryOptions = () =>
  queryOptions({
    queryKey: all,
    queryFn: async ({ client, signal }) => (await apiOf(client)(getWarrantyClaims, { signal })).claims,
    // Staff answer elsewhere: read fresh each time the orders are shown.
    staleTime: 0,
  });

/** Asked for when a paid order is on the screen: only those offer claims. */
export function useMyClaims(enabled: boolean) {
  return useQuery({ ...myClaimsQueryOptions(), enabled });
}

export interface NewClaim {
  orderHash: string;
  lineId: number;
  reason: string;
  answers: Readonly<Record<string, string>>;
  fittedOn: string;
  mileage: string;
  garageName: string;
  invoice: File | null;
  photos: readonly File[];
}

/** Sends the claim; answers the server's message and the claim, or throws an ApiError with its msg and field errors. */
export async function sendClaim(claim: NewClaim): Promise<{ msg: string; claim: WarrantyClaim }> {
  const body = new FormData();
  for (const [name, value] of Object.entries(claim.answers)) body.set(name, value);
  body.set(CLAIM_KEYS.order, claim.orderHash);
  body.set(CLAIM_KEYS.line, String(claim.lineId));
  body.set(CLAIM_KEYS.reason, claim.reason);
  body.set(CLAIM_KEYS.fittedOn, claim.fittedOn);
  body.set(CLAIM_KEYS.mileage, claim.mileage);
  body.set(CLAIM_KEYS.garage, claim.garageName);
  if (claim.invoice) body.append(CLAIM_KEYS.invoice, claim.invoice, claim.invoice.name);
  for (const photo of claim.photos) body.append(`${CLAIM_KEYS.photos}[]`, photo, photo.name);
  const token = readCsrfToken();
  const { status, json } = await sendForm(`${API_BASE}${createWarrantyClaim.path}`, 'POST', body, token ? { [CSRF_HEADER]: token } : {});
  const answer = parseAnswer(createWarrantyClaim, status, json);
  return { msg: answer.msg, claim: answer.claim };
}

export function useCreateClaim() {
  const client = useQueryClient();
  return useMutation({ mutationFn: sendClaim, onSuccess: () => client.invalidateQueries({ queryKey: all }) });
}

export function useReplyToClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message }: { id: number; message: string }) => apiOf(client)(replyWarrantyClaim, { params: { id }, body: { message } }),
    onSuccess: () => client.invalidateQueries({ queryKey: all }),
  });
}
