import { createFileRoute } from '@tanstack/react-router';
import { OrderNotFound } from '../features/payments/components/order-not-found';
import { OrderPaidPage } from '../features/payments/components/order-paid-page';
import { loadPaymentOrder } from '../features/payments/load-order';

/** The query: the order's hash, '' when absent (no zod: every route's validateSearch is in the first download). */
function orderPaidSearch(search: Record<string, unknown>): { hash: string } {
  return { hash: typeof search.hash === 'string' ? search.hash : '' };
}

/** /order-paid?hash=… (SPEC §2 storefront path order-paid): where a payment ends. */
export const Route = createFileRoute('/order-paid')({
  codeSplitGroupings: [['loader'], ['component', 'notFoundComponent']],
  validateSearch: orderPaidSearch,
  loaderDeps: ({ search }) => ({ hash: search.hash }),
  loader: ({ context, deps }) => loadPaymentOrder(context.queryClient, deps.hash, { withMethods: false }),
  component: OrderPaid,
  notFoundComponent: OrderNotFound,
});

function OrderPaid() {
  const { hash } = Route.useSearch();
  return <OrderPaidPage hash={hash} />;
}
