import { createFileRoute } from '@tanstack/react-router';
import { OrderNotFound } from '../features/payments/components/order-not-found';
import { PayNowPage } from '../features/payments/components/pay-now-page';
import { loadPaymentOrder } from '../features/payments/load-order';

/**
 * Stripe's return_url brings `payment_intent` back after a redirect-based payment method. Without
 * zod, as every route's validateSearch is in the first download; anything else there is ignored.
 */
function payNowSearch(search: Record<string, unknown>): { payment_intent?: string | undefined } {
  const intent = search.payment_intent;
  return typeof intent === 'string' && /^pi_[A-Za-z0-9_]{1,250}$/.test(intent) ? { payment_intent: intent } : {};
}

/** /payments/pay-now/{hash} (SPEC §2): pay any unpaid order of the visitor's; someone else's is not found. */
export const Route = createFileRoute('/payments/pay-now/$hash')({
  // The loader (and the payment calls it imports) loads with the page, not with the first download.
  codeSplitGroupings: [['loader'], ['component', 'notFoundComponent']],
  validateSearch: payNowSearch,
  loader: ({ context, params }) => loadPaymentOrder(context.queryClient, params.hash, { withMethods: true }),
  component: PayNow,
  notFoundComponent: OrderNotFound,
});

function PayNow() {
  const { hash } = Route.useParams();
  const { payment_intent: returnedIntent } = Route.useSearch();
  return <PayNowPage hash={hash} returnedIntent={returnedIntent} />;
}
