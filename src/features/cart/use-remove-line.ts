/**
 * Removing a cart line (SPEC §7 DELETE /carts/delete-item/{id}) with the remove_from_cart
 * analytics event, for the sidebar and the cart page alike. Failures show the server's message
 * in a toast (SPEC §8).
 */
import { toast } from 'sonner';
import type { CartProduct } from '../../contract/cart';
import { poundsFromPence, pushEcommerceEvent } from '../../shared/analytics';
import { newIdempotencyKey, useCartWrite } from '../../shared/cart/cart-api';
import { cartErrorText } from '../../shared/cart/error-text';

export function useRemoveLine() {
  const remove = useCartWrite('delete-item');
  const removeLine = (line: CartProduct, index: number) => {
    remove.mutate(
      { body: { id: line.id }, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () => {
          pushEcommerceEvent({
            event: 'remove_from_cart',
            ecommerce: {
              currency: 'GBP',
              value: poundsFromPence(line.gross_value),
              items: [{ item_id: line.tag, item_name: line.name, index, price: poundsFromPence(line.gross_value), quantity: line.quantity, item_variant: line.warranty_name || undefined }],
            },
          });
          toast.success(`${line.name} removed from your cart.`);
        },
        onError: (error) => toast.error(cartErrorText(error)),
      },
    );
  };
  return { removeLine, removingId: remove.isPending ? remove.variables.body.id : null };
}
