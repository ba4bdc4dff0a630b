/** POST /product-notifications (SPEC §7): ask to be told when a matching part is in stock. */
import { useMutation } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '../../../contract/idempotency';
import { submitProductNotification, type ProductNotificationBody } from '../../../contract/product-forms';
import { apiOf } from '../../../shared/api/client';

export interface NotificationSubmission {
  body: ProductNotificationBody;
  /** One key per intended request, unchanged when the same request is retried. */
  idempotencyKey: string;
}

export function useSendNotification() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: NotificationSubmission, { client }) =>
      apiOf(client)(submitProductNotification, { body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }),
  });
}
