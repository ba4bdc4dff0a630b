import { createFileRoute } from '@tanstack/react-router';
import { CartPage } from '../features/cart/components/cart-page';
import { cartQueryOptions } from '../shared/cart/cart-api';

/**
 * /cart: the cart page, step 1 of 3 (SPEC §2 route 'cart'). The spec's cart-sidebar route has no
 * path of its own here: the sidebar opens over the current page (docs/architecture.md).
 */
export const Route = createFileRoute('/cart/')({
  // The loader (and the cart calls it imports) loads with the page, not with the first download.
  codeSplitGroupings: [['loader'], ['component']],
  loader: ({ context }) => context.queryClient.ensureQueryData(cartQueryOptions()),
  component: CartPage,
});
