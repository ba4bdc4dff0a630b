import { createFileRoute } from '@tanstack/react-router';
import { createdOrderQueryOptions } from '../features/checkout/api/get-created-order';
import { OrderCreatedPage } from '../features/checkout/components/order-created-page';
import { paymentMethodsQueryOptions } from '../features/payments/api/payment-queries';
import { PaymentPanel } from '../features/payments/components/payment-panel';

/**
 * The query: the order's hash, '' when absent. Without zod, as every route's validateSearch is in
 * the first download; a hash that is not text is refused as the schema it replaces refused it.
 */
function orderCreatedSearch(search: Record<string, unknown>): { hash: string } {
  if (search.hash === undefined) return { hash: '' };
  if (typeof search.hash !== 'string') throw new TypeError('hash: expected text');
  return { hash: search.hash };
}

/** /order-created?hash=…: the order just placed (SPEC §2 storefront path /order-created). */
export const Route = createFileRoute('/order-created')({
  // The loader (and the cart calls it imports) loads with the page, not with the first download.
  codeSplitGroupings: [['loader'], ['component']],
  validateSearch: orderCreatedSearch,
  loaderDeps: ({ search }) => ({ hash: search.hash }),
  loader: async ({ context, deps }) => {
    // The payment panel's methods come with the page when they can; the panel asks again if not.
    const methods = context.queryClient.prefetchQuery(paymentMethodsQueryOptions());
    await context.queryClient.ensureQueryData(createdOrderQueryOptions(deps.hash));
    await methods;
  },
  component: OrderCreated,
});

function OrderCreated() {
  const { hash } = Route.useSearch();
  return <OrderCreatedPage hash={hash} payment={(order) => <PaymentPanel hash={order.hash} amount={order.to_pay} />} />;
}
