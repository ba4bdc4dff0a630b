/** POST /part-requests/form (SPEC §7): the shop's request for a part that is not in stock. */
import { useMutation } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '../../../contract/idempotency';
import { submitPartRequest, type PartRequestBody } from '../../../contract/part-requests';
import { apiOf, type Api } from '../../../shared/api/client';

export interface PartRequestSubmission {
  body: PartRequestBody;
  /** One key per intended request, sent again unchanged if the same request is retried. */
  idempotencyKey: string;
}

export function sendPartRequest(api: Api, { body, idempotencyKey }: PartRequestSubmission) {
  return api(submitPartRequest, { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

export const partRequestKeys = { all: ['part-requests'] as const, send: () => [...partRequestKeys.all, 'send'] as const };

export function useSendPartRequest() {
  return useMutation({ mutationKey: partRequestKeys.send(), mutationFn: (submission: PartRequestSubmission, { client }) => sendPartRequest(apiOf(client), submission) });
}
