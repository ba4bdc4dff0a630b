import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { createdOrderQueryOptions } from '../features/checkout/api/get-created-order';
import { OrderCreatedPage } from '../features/checkout/components/order-created-page';

/** /order-created?hash=…: the order just placed (SPEC §2 storefront path /order-created). */
export const Route = createFileRoute('/order-created')({
  // The loader (and the cart calls it imports) loads with the page, not with the first download.
  codeSplitGroupings: [['loader'], ['component']],
  validateSearch: z.object({ hash: z._default(z.string(), '') }),
  loaderDeps: ({ search }) => ({ hash: search.hash }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(createdOrderQueryOptions(deps.hash)),
  component: OrderCreated,
});

function OrderCreated() {
  const { hash } = Route.useSearch();
  return <OrderCreatedPage hash={hash} />;
}
