/**
 * The payment panel's writes (SPEC §7 payments; src/contract/payments.ts): each a plain function of
 * the page's API, so a payment's steps (intent, card confirmation, 3-D Secure, the shop's
 * confirmation) read as one sequence in the panel. They run only in the browser, on a person's
 * press. PayPal's capture keeps the answer's own JSON, refusal included: SPEC §5 reads its
 * `details` and `debug_id`, which the API client's error does not carry.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  approveSandboxPaypal,
  authenticateSandboxCard,
  capturePaypalOrder,
  confirmCardPayment,
  confirmSandboxCard,
  createPaymentIntent,
  createPaypalOrder,
} from '../../../contract/payments';
import type { ApiTransport } from '../../../contract/render';
import type { CardDetails } from '../../../domain/card-form';
import { isApiError } from '../../../shared/api/api-error';
import { apiOf, callApi, fetchTransport, type Api } from '../../../shared/api/client';

/** Calls `call` and answers its JSON as it came, success or refusal; a lost connection still throws. */
async function rawAnswer(run: (transport: ApiTransport) => Promise<unknown>): Promise<unknown> {
  let json: unknown;
  const recording: ApiTransport = async (request) => {
    const answer = await fetchTransport(request);
    json = answer.json;
    return answer;
  };
  try {
    return await run(recording);
  } catch (error) {
    if (isApiError(error) && error.kind !== 'network' && json !== undefined) return json;
    throw error;
  }
}

export function paymentCalls(api: Api) {
  return {
    createIntent: (body: { order_id: string; save_card?: boolean; member_card_id?: number }) => api(createPaymentIntent, { body }).then((answer) => answer.data),
    confirmCard: (orderId: string, paymentIntent: string) => api(confirmCardPayment, { body: { order_id: orderId, payment_intent: paymentIntent } }),
    sandboxConfirmCard: (clientSecret: string, card: CardDetails) => api(confirmSandboxCard, { body: { client_secret: clientSecret, ...card } }),
    sandboxAuthenticate: (clientSecret: string, outcome: 'complete' | 'fail') => api(authenticateSandboxCard, { body: { client_secret: clientSecret, outcome } }),
    /** The PayPal order's id, or the refusal's JSON for SPEC §5's reading. */
    createPaypalOrder: (orderId: string) => rawAnswer((transport) => callApi(transport, createPaypalOrder, { body: { order_id: orderId } })),
    capturePaypal: (paypalOrderId: string) => rawAnswer((transport) => callApi(transport, capturePaypalOrder, { params: { orderID: paypalOrderId } })),
    sandboxApprovePaypal: (paypalOrderId: string, choice: 'approve' | 'instrument_declined') =>
      api(approveSandboxPaypal, { params: { orderID: paypalOrderId }, body: { choice } }),
  };
}

export type PaymentCalls = ReturnType<typeof paymentCalls>;

/** The payment calls on this page's API. */
export function usePaymentCalls(): PaymentCalls {
  const client = useQueryClient();
  return useMemo(() => paymentCalls(apiOf(client)), [client]);
}
