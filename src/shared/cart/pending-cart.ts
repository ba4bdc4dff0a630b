/**
 * The cart as the person should see it while changes wait in the queue: the server's last cart
 * with every pending change laid over it, in the order made. The cached cart itself stays the
 * server's (each answer replaces it), so nothing here can outlive the queue: when the last change
 * is sent, the overlay is empty and the screen shows the server's cart and totals alone.
 *
 * Pure, so the rules are tested without a browser (pending-cart.test.ts).
 */
import { nothingChosenYet, type Cart, type CartProduct } from '../../contract/cart';
import { DEFAULT_PACKAGE_TYPE, lineAmounts } from '../../domain/cart-totals';
import type { LinePreview } from './cart-api';

/** A queued change, read from a pending mutation's variables. */
export type PendingChange =
  | { kind: 'add'; tag: string; warrantyId: number | null; preview: LinePreview | undefined }
  | { kind: 'remove'; id: number; tag: string | undefined }
  | { kind: 'warranty'; tag: string; warrantyId: number };

/** What a line is waiting for: shown as its 'waiting for signal' mark. */
export type PendingMark = 'add' | 'remove' | 'warranty';

export interface CartViewLine extends CartProduct {
  pending: PendingMark | null;
}

export interface CartView extends Omit<Cart, 'cart_products'> {
  cart_products: CartViewLine[];
  /** How many changes wait to be sent. */
  pendingChanges: number;
}

/** Reads a pending mutation's key and variables as a change, or null for any other write. */
export function pendingChangeOf(name: unknown, variables: unknown): PendingChange | null {
  if (!variables || typeof variables !== 'object') return null;
  const write = variables as { body?: { id?: unknown; product?: { tag?: unknown; warranty_id?: unknown } }; tag?: unknown; preview?: LinePreview };
  if (name === 'add-item' && typeof write.body?.product?.tag === 'string') {
    const warrantyId = write.body.product.warranty_id;
    return { kind: 'add', tag: write.body.product.tag, warrantyId: typeof warrantyId === 'number' ? warrantyId : null, preview: write.preview };
  }
  if (name === 'delete-item' && typeof write.body?.id === 'number') {
    return { kind: 'remove', id: write.body.id, tag: typeof write.tag === 'string' ? write.tag : undefined };
  }
  if (name === 'update-item' && typeof write.body?.product?.tag === 'string' && typeof write.body.product.warranty_id === 'number') {
    return { kind: 'warranty', tag: write.body.product.tag, warrantyId: write.body.product.warranty_id };
  }
  return null;
}

function withWarranty(line: CartViewLine, warrantyId: number, pending: PendingMark): CartViewLine {
  const warranty = line.available_warranties.find((choice) => choice.id === warrantyId);
  if (!warranty) return line;
  const amounts = lineAmounts({ netPrice: line.net_price, warrantyNet: warranty.value, quantity: line.quantity });
  return { ...line, ...amounts, price: amounts.net_price, warranty_id: warranty.id, warranty_name: warranty.name, pending: line.pending === 'add' ? 'add' : pending };
}

/** A line for a part added without signal, drawn from what the person saw of it. */
function previewLine(tag: string, warrantyId: number | null, preview: LinePreview | undefined, id: number): CartViewLine {
  const warranties = (preview?.warranties ?? []).map((warranty) => ({ ...warranty, gross_price: lineAmounts({ netPrice: 0, warrantyNet: warranty.value, quantity: 1 }).warranty_gross_price }));
  const chosen = warranties.find((warranty) => warranty.id === warrantyId) ?? warranties.find((warranty) => warranty.is_default) ?? null;
  const amounts = lineAmounts({ netPrice: preview?.net_price ?? 0, warrantyNet: chosen?.value ?? 0, quantity: 1 });
  return {
    id,
    tag,
    product_id: 0,
    name: preview?.name ?? `Part ${tag}`,
    image: preview?.image ?? '',
    url: preview?.url ?? '',
    quantity: 1,
    ...amounts,
    price: amounts.net_price,
    warranty_id: chosen?.id ?? null,
    warranty_name: chosen?.name ?? '',
    available_warranties: warranties,
    package_type: DEFAULT_PACKAGE_TYPE,
    // Not held until the shop has it (issue 32): the answer brings the hold.
    held_until: null,
    hold_seconds_left: null,
    status: 'available',
    gone: false,
    pending: 'add',
  };
}

/**
 * The base of the cart shown without signal when no cart was ever kept on this device (a first
 * visit's page opened from the service worker, or storage cleared): no lines, no totals, so the
 * queued changes show over it; the screens say that parts already in the cart show with signal.
 */
export const CART_NOT_KEPT: Cart = {
  cart_products: [],
  total_quantity: 0,
  sub_total: 0,
  gross_sub_total: 0,
  amount_discount_threshold: 0,
  value_after_discount_threshold: 0,
  delivery_value: 0,
  gross_delivery_value: 0,
  commission_value: 0,
  tax_value: 0,
  total_value: 0,
  discount_code_amount: 0,
  to_pay: 0,
  ...nothingChosenYet(),
};

/**
 * The server's cart with the queued changes laid over it, in order: an add puts a marked line
 * (or changes the warranty of a line already there, as the server does), a removal marks the
 * line as leaving, a warranty change shows the new warranty marked. Amounts other than a pending
 * line's own stay the server's: the totals are confirmed when the changes have been sent.
 */
export function applyPendingChanges(cart: Cart, changes: readonly PendingChange[]): CartView {
  let lines: CartViewLine[] = cart.cart_products.map((line) => ({ ...line, pending: null }));
  let count = cart.total_quantity;
  changes.forEach((change, index) => {
    if (change.kind === 'add') {
      const there = lines.find((line) => line.tag === change.tag && line.pending !== 'remove');
      if (there) {
        if (change.warrantyId !== null && change.warrantyId !== there.warranty_id) lines = lines.map((line) => (line === there ? withWarranty(line, change.warrantyId as number, 'warranty') : line));
        return;
      }
      lines = [...lines.filter((line) => line.tag !== change.tag), previewLine(change.tag, change.warrantyId, change.preview, -(index + 1))];
      count += 1;
    } else if (change.kind === 'remove') {
      const target = lines.find((line) => (change.id > 0 ? line.id === change.id : line.tag === change.tag) && line.pending !== 'remove');
      if (!target) return;
      if (target.pending === 'add') {
        // Added and removed while offline: the part simply is not in the cart.
        lines = lines.filter((line) => line !== target);
      } else {
        lines = lines.map((line) => (line === target ? { ...line, pending: 'remove' } : line));
      }
      if (!target.gone) count -= 1;
    } else {
      lines = lines.map((line) => (line.tag === change.tag && line.pending !== 'remove' ? withWarranty(line, change.warrantyId, 'warranty') : line));
    }
  });
  return { ...cart, cart_products: lines, total_quantity: Math.max(count, 0), pendingChanges: changes.length };
}
