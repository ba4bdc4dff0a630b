/** POST /form-messages/save.json (SPEC §7, no API prefix): an enquiry about a product. */
import { useMutation } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '../../../contract/idempotency';
import { saveEnquiry, type EnquiryBody } from '../../../contract/product-forms';
import { apiOf } from '../../../shared/api/client';

export interface EnquirySubmission {
  body: EnquiryBody;
  idempotencyKey: string;
}

export function useSendEnquiry() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: EnquirySubmission, { client }) =>
      apiOf(client)(saveEnquiry, { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
  });
}
