import { createFileRoute } from '@tanstack/react-router';
import { CartAddPage } from '../features/cart/components/cart-add-page';

/**
 * SPEC §2 named route cart-add, `/cart/add/{Tag}/{warrantyId|0}?/{true}?` (src/domain/urls.ts
 * cartAddPath): adds the part, then opens the cart sidebar over the page the person came from,
 * or the full cart page in quick mode. A warranty of 0 or none means 'not chosen'.
 */
export const Route = createFileRoute('/cart/add/$product/{-$warranty}/{-$quick}')({
  params: {
    parse: ({ product, warranty, quick }) => {
      const warrantyId = warranty === undefined ? NaN : Number(warranty);
      return { product, warranty: Number.isInteger(warrantyId) && warrantyId > 0 ? warrantyId : undefined, quick: quick === 'true' };
    },
    stringify: ({ product, warranty, quick }) => ({
      product,
      warranty: warranty || quick ? String(warranty ?? 0) : undefined,
      quick: quick ? 'true' : undefined,
    }),
  },
  component: CartAdd,
});

function CartAdd() {
  const { product, warranty, quick } = Route.useParams();
  return <CartAddPage tag={product} warrantyId={warranty} quick={quick} />;
}
