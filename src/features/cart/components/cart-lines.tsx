/**
 * The product table of the cart page (SPEC §2): name linking to the product, price, warranty
 * price, quantity, value and delete; the warranty as a select when the part offers two or more,
 * otherwise its name. Warranty and quantity changes wait 500 ms after the last change (SPEC §9)
 * before they are sent, and the returned cart replaces the shown one (SPEC §4). On a phone each
 * row becomes a card with the same cells labelled. A line whose change waits in the cart's queue
 * (made without signal) carries a 'waiting for signal' mark; one leaving the cart is struck
 * through until the removal is sent.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';

import { formatMoney, warrantyPriceLabel } from '../../../domain/money';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { warrantySelectorEnabled } from '../../../domain/warranty';
import { newIdempotencyKey, useCartWrite } from '../../../shared/cart/cart-api';
import { cartErrorText } from '../../../shared/cart/error-text';
import type { CartView, CartViewLine } from '../../../shared/cart/pending-cart';
import { PendingMark } from '../../../shared/cart/pending-mark';
import { useSignal } from '../../../shared/cart/use-signal';
import { ProductImage } from '../../../shared/product/product-image';
import { useRemoveLine } from '../use-remove-line';
import { HoldNote } from './hold-note';
import styles from './cart-lines.module.css';

/** SPEC §9: quantity and warranty changes are sent 500 ms after the last one. */
export const LINE_CHANGE_DEBOUNCE_MS = 500;
/** SPEC §5: quantity at least 1 and at most 1 per item in the UI (each used part is one item). */
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 1;

export function CartLines({ cart }: { cart: CartView }) {
  const { removeLine, removingId } = useRemoveLine();
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">Parts in your cart</caption>
      <thead>
        <tr>
          <th scope="col">Part</th>
          <th scope="col" className={styles.num}>
            Price
          </th>
          <th scope="col" className={styles.num}>
            Warranty
          </th>
          <th scope="col" className={styles.num}>
            Quantity
          </th>
          <th scope="col" className={styles.num}>
            Value
          </th>
          <th scope="col">
            <span className="visually-hidden">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {cart.cart_products.map((line, index) => (
          <CartLine key={line.id} line={line} onRemove={() => removeLine(line, index)} removing={removingId === line.id} />
        ))}
      </tbody>
    </table>
  );
}

function CartLine({ line, onRemove, removing }: { line: CartViewLine; onRemove: () => void; removing: boolean }) {
  const leaving = line.pending === 'remove';
  return (
    <tr className={[line.gone ? styles.gone : '', line.pending ? styles.pending : '', leaving ? styles.leaving : ''].filter(Boolean).join(' ') || undefined} data-pending={line.pending ?? undefined}>
      <th scope="row" className={styles.partCell}>
        <div className={styles.part}>
          <ProductImage src={line.image} alt="" width={96} height={72} className={styles.image} eager />
          <div className={styles.partText}>
            <a href={line.url} className={styles.name}>
              {line.name}
            </a>
            <span className={styles.meta}>Ref. {line.tag}</span>
            {line.gone ? <span className={styles.goneNote}>No longer available: please remove it to continue.</span> : null}
            <HoldNote line={line} />
            <PendingMark pending={line.pending} />
          </div>
          {line.gone || leaving ? null : <WarrantyChoice line={line} />}
        </div>
      </th>
      <td className={styles.num} data-label="Price">
        {formatMoney(line.gross_price)}
        <span className={styles.net}>{formatMoney(line.net_price)} ex. VAT</span>
      </td>
      <td className={styles.num} data-label="Warranty">
        {warrantyPriceLabel(line.warranty_gross_price)}
      </td>
      <td className={styles.num} data-label="Quantity">
        <QuantityStepper line={line} />
      </td>
      <td className={`${styles.num} ${styles.value}`} data-label="Value">
        {line.gone ? '—' : formatMoney(line.gross_value)}
        {line.gone ? null : <span className={styles.net}>{formatMoney(line.value)} ex. VAT</span>}
      </td>
      <td className={styles.remove}>
        <button type="button" className={styles.removeButton} onClick={onRemove} disabled={removing || leaving} aria-label={`Remove ${line.name} from the cart`}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M9 3h6l1 2h4v2H4V5h4l1-2Zm-3 6h12l-1 12H7L6 9Zm4 2v8h2v-8h-2Zm4 0v8h-2" fill="currentColor" />
          </svg>
          <span className={styles.removeLabel}>{removing ? 'Removing…' : 'Remove'}</span>
        </button>
      </td>
    </tr>
  );
}

/**
 * A change the person makes to a line, sent 500 ms after the last one. The shown value follows
 * the person at once and falls back to the server's when the change is refused.
 */
function useDebouncedLineChange<T>(serverValue: T, send: (value: T, done: () => void) => void) {
  const [draft, setDraft] = useState<{ value: T; for: T } | null>(null);
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });
  // A new value from the server (the change went through, or another tab changed it) wins.
  const shown = draft && draft.for === serverValue ? draft.value : serverValue;
  useEffect(() => {
    if (!draft || draft.for !== serverValue || draft.value === serverValue) return;
    const timer = window.setTimeout(() => sendRef.current(draft.value, () => setDraft(null)), LINE_CHANGE_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, serverValue]);
  return { shown, change: (value: T) => setDraft({ value, for: serverValue }) };
}

function WarrantyChoice({ line }: { line: CartViewLine }) {
  const update = useCartWrite('update-item');
  const online = useSignal();
  // Offline the change waits in the queue and the line's mark says so.
  const updating = update.isPending && online && !update.isPaused;
  const id = useId();
  const { shown, change } = useDebouncedLineChange<number | null>(line.warranty_id, (warrantyId, done) => {
    if (warrantyId === null) return done();
    update.mutate(
      { body: { product: { tag: line.tag, warranty_id: warrantyId } }, idempotencyKey: newIdempotencyKey() },
      {
        onSettled: done,
        onError: (error) => toast.error(cartErrorText(error)),
      },
    );
  });
  if (!warrantySelectorEnabled(line.available_warranties)) {
    return <span className={styles.meta}>{line.warranty_name || 'No warranty'}</span>;
  }
  return (
    <div className={styles.warranty}>
      <label htmlFor={id} className={styles.warrantyLabel}>
        Warranty
      </label>
      <select id={id} className={styles.select} value={shown ?? ''} onChange={(event) => change(Number(event.target.value))} aria-busy={updating}>
        {shown === null ? <option value="">{t('validation.required_warranty_level')}</option> : null}
        {line.available_warranties.map((warranty) => (
          <option key={warranty.id} value={warranty.id}>
            {warranty.name} ({warrantyPriceLabel(warranty.gross_price)})
          </option>
        ))}
      </select>
      {updating ? (
        <span className={styles.meta} role="status">
          Updating…
        </span>
      ) : null}
    </div>
  );
}

function QuantityStepper({ line }: { line: CartViewLine }) {
  const update = useCartWrite('update-item');
  const { shown, change } = useDebouncedLineChange<number>(line.quantity, (quantity, done) => {
    update.mutate(
      { body: { product: { tag: line.tag, quantity } }, idempotencyKey: newIdempotencyKey() },
      { onSettled: done, onError: (error) => toast.error(cartErrorText(error)) },
    );
  });
  // SPEC §5: decrease only while the result stays above 0; never above the per-item maximum.
  const canDecrease = shown - 1 >= QUANTITY_MIN && !line.gone;
  const canIncrease = shown + 1 <= QUANTITY_MAX && !line.gone;
  return (
    <div className={styles.stepper} role="group" aria-label={`Quantity of ${line.name}`}>
      <button type="button" onClick={() => change(shown - 1)} disabled={!canDecrease} aria-label="One fewer">
        −
      </button>
      <output aria-live="polite">{shown}</output>
      <button type="button" onClick={() => change(shown + 1)} disabled={!canIncrease} aria-label="One more">
        +
      </button>
    </div>
  );
}
