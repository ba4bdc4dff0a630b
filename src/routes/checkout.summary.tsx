import { createFileRoute, redirect } from '@tanstack/react-router';
import { SummaryPage } from '../features/checkout/components/summary-page';
import { cartQueryOptions } from '../shared/cart/cart-api';

/**
 * /checkout/summary: step 3 of 3 (SPEC §2 route 'summary'). An empty cart goes back to the cart,
 * a cart without addresses to the addresses step.
 */
export const Route = createFileRoute('/checkout/summary')({
  // The loader (and the cart calls it imports) loads with the page, not with the first download.
  codeSplitGroupings: [['loader'], ['component']],
  loader: async ({ context }) => {
    const cart = await context.queryClient.fetchQuery(cartQueryOptions());
    if (cart.cart_products.length === 0) throw redirect({ to: '/cart', replace: true });
    if (cart.billing_address === null) throw redirect({ to: '/checkout/addresses', replace: true });
  },
  component: SummaryPage,
});
