/**
 * Removing a cart line (SPEC §7 DELETE /carts/delete-item/{id}) with the remove_from_cart
 * analytics event, for the sidebar and the cart page alike. Failures show the server's message
 * in a toast (SPEC §8). Without signal the removal waits in the cart's queue: the line stays,
 * marked, until it is sent; a line that was itself added offline is named by its Tag, as it has
 * no id yet.
 */
import { toast } from 'sonner';
import type { CartViewLine } from '../../shared/cart/pending-cart';
import { useSignal } from '../../shared/cart/use-signal';
import { analyticsItem, poundsFromPence, pushEcommerceEvent } from '../../shared/analytics';
import { newIdempotencyKey, useCartWrite } from '../../shared/cart/cart-api';
import { cartErrorText } from '../../shared/cart/error-text';

export function useRemoveLine() {
  const remove = useCartWrite('delete-item');
  const online = useSignal();
  const removeLine = (line: CartViewLine, index: number) => {
    if (line.pending === 'remove') return;
    remove.mutate(
      { body: { id: Math.max(line.id, 0) }, tag: line.tag, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () => {
          pushEcommerceEvent({
            event: 'remove_from_cart',
            ecommerce: {
              currency: 'GBP',
              value: poundsFromPence(line.gross_value),
              items: [analyticsItem(line, index)],
            },
          });
          toast.success(`${line.name} removed from your cart.`);
        },
        onError: (error) => toast.error(cartErrorText(error)),
      },
    );
  };
  // Offline the line's own mark says the removal waits; 'Removing…' is for a request under way.
  return { removeLine, removingId: remove.isPending && online && !remove.isPaused ? remove.variables.body.id : null };
}
