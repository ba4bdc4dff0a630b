/**
 * What the cart-add route shows for the moment the part is being added (SPEC §2 cart-add): it
 * sends add-item once, then hands the person back to the page they came from with the cart
 * sidebar open, or to the cart page in quick mode. A refusal (the part sold meanwhile, a warranty
 * that must be chosen: validation.required_warranty) is a toast on the page they came from
 * (SPEC §5, §8).
 *
 * Without signal the add waits in the cart's queue (src/shared/cart/cart-api.ts): the person goes
 * back at once and the sidebar shows the part, drawn from what the page showed of it, marked as
 * waiting for signal; the add is sent when the signal returns.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { analyticsItem, poundsFromPence, pushEcommerceEvent } from '../../../shared/analytics';
import { newIdempotencyKey, useCartWrite } from '../../../shared/cart/cart-api';
import { returnFromCartAdd } from '../../../shared/cart/cart-navigation';
import { findLinePreview } from '../../../shared/cart/line-preview';
import { cartErrorText } from '../../../shared/cart/error-text';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { hasSignal } from '../../../shared/signal';
import styles from '../../../shared/ui/status.module.css';

export function CartAddPage({ tag, warrantyId, quick }: { tag: string; warrantyId: number | undefined; quick: boolean }) {
  useDocumentTitle('Adding to your cart');
  const router = useRouter();
  const queryClient = useQueryClient();
  const add = useCartWrite('add-item');
  // One add per visit of the route, even when React runs the effect twice in development.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    const request = `${tag}/${warrantyId ?? ''}/${quick}`;
    if (sent.current === request) return;
    sent.current = request;
    const preview = findLinePreview(queryClient, tag);
    add.mutate(
      { body: { product: { tag, warranty_id: warrantyId ?? null, quantity: 1 } }, idempotencyKey: newIdempotencyKey(), preview },
      {
        onSuccess: (answer) => {
          // SPEC §7 analytics: add_to_cart with the line as the cart now holds it (GA4 shape).
          const index = answer.cart.cart_products.findIndex((line) => line.tag === tag);
          const line = answer.cart.cart_products[index];
          if (line) pushEcommerceEvent({ event: 'add_to_cart', ecommerce: { currency: 'GBP', value: poundsFromPence(line.gross_value), items: [analyticsItem(line, index)] } });
          if (quick) void router.navigate({ to: '/cart', replace: true });
          else returnFromCartAdd(router, { openSidebar: true });
        },
        onError: (error) => {
          toast.error(cartErrorText(error));
          returnFromCartAdd(router, { openSidebar: false });
        },
      },
    );
    // Queued for the signal: nothing to wait for here.
    if (!hasSignal()) {
      if (quick) void router.navigate({ to: '/cart', replace: true });
      else returnFromCartAdd(router, { openSidebar: true });
    }
  }, [add, router, queryClient, tag, warrantyId, quick]);

  return (
    <div className={styles.pending} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      Adding the part to your cart…
    </div>
  );
}
