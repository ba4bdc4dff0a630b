import { createFileRoute, redirect } from '@tanstack/react-router';
import { countriesQueryOptions, recentAddressesQueryOptions } from '../features/checkout/api/get-recent-addresses';
import { AddressesPage } from '../features/checkout/components/addresses-page';
import { cartQueryOptions } from '../shared/cart/cart-api';

/** /checkout/addresses: step 2 of 3 (SPEC §2 route 'addresses'); an empty cart goes back to the cart. */
export const Route = createFileRoute('/checkout/addresses')({
  // The loader (and the cart calls it imports) loads with the page, not with the first download.
  codeSplitGroupings: [['loader'], ['component']],
  loader: async ({ context }) => {
    const cart = await context.queryClient.fetchQuery(cartQueryOptions());
    if (cart.cart_products.length === 0) throw redirect({ to: '/cart', replace: true });
    await Promise.all([context.queryClient.ensureQueryData(recentAddressesQueryOptions()), context.queryClient.ensureQueryData(countriesQueryOptions())]);
  },
  component: AddressesPage,
});
