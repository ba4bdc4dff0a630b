/**
 * The cart sidebar of SPEC §2 (cart-sidebar / cart-add): each part with its image, name, warranty
 * level, gross value and a remove control; the total incl. VAT; the proceed button; 'no
 * products' when empty. It slides in from the right over the page the person is on; closing it
 * leaves them there. Changes waiting for signal show on their lines, and the total says it is
 * the last one the shop confirmed until they are sent.
 */
import { Link } from '@tanstack/react-router';
import { formatMoney } from '../../../domain/money';
import { t } from '../../../domain/messages';
import { CartNotices } from '../../../shared/cart/cart-notices-view';
import { closeCartSidebar } from '../../../shared/cart/cart-sidebar-state';
import { PendingMark } from '../../../shared/cart/pending-mark';
import { useCartView } from '../../../shared/cart/use-cart-view';
import { useSignal } from '../../../shared/cart/use-signal';
import { ProductImage } from '../../../shared/product/product-image';
import { buttonClassName } from '../../../shared/ui/button';
import { Sheet, SheetClose, SheetContent } from '../../../shared/ui/sheet';
import { useRemoveLine } from '../use-remove-line';
import { HoldNote } from './hold-note';
import styles from './cart-sidebar.module.css';
import '../../../domain/messages-more';

export default function CartSidebar({ open }: { open: boolean }) {
  const { cart, isPending, isError, notKept } = useCartView();
  const online = useSignal();
  const { removeLine, removingId } = useRemoveLine();
  const lines = cart?.cart_products ?? [];
  const count = cart?.total_quantity ?? 0;

  return (
    <Sheet open={open} onOpenChange={(next) => (next ? undefined : closeCartSidebar())}>
      <SheetContent
        side="right"
        title={
          <>
            Your cart <span className={styles.count}>({count === 1 ? '1 part' : `${count} parts`})</span>
          </>
        }
        footer={
          lines.length > 0 ? (
            <div className={styles.footer}>
              <p className={styles.total}>
                <span>Total incl. VAT</span>
                <strong>{cart ? formatMoney(cart.to_pay) : ''}</strong>
              </p>
              {cart && cart.pendingChanges > 0 ? (
                <p className={styles.note}>{online ? 'Sending your changes: the total is confirmed once the shop has them.' : 'Last confirmed total: your changes are sent, and the total confirmed, when the signal returns.'}</p>
              ) : null}
              {cart ? <p className={styles.note}>{cart.delivery_name ? `Includes delivery: ${cart.delivery_name}.` : 'Delivery is chosen on the next page.'}</p> : null}
              <Link to="/cart" className={buttonClassName('accent', { block: true })} onClick={() => closeCartSidebar()}>
                Proceed to checkout
              </Link>
              <SheetClose className={buttonClassName('secondary', { block: true })}>Continue shopping</SheetClose>
            </div>
          ) : undefined
        }
      >
        <CartNotices />
        {notKept ? (
          <p className={styles.notKept} role="status">
            Parts already in your cart show when the signal returns: this device has not kept your cart yet.
          </p>
        ) : null}
        {isPending ? (
          <p className={styles.empty} role="status">
            Loading your cart…
          </p>
        ) : isError && !cart ? (
          <p className={styles.empty} role="alert">
            {t('global.network_error')}
          </p>
        ) : lines.length === 0 ? (
          <div className={styles.emptyBox}>
            <p className={styles.empty}>{t('cart.no_products')}</p>
            <SheetClose className={buttonClassName('secondary')}>Continue shopping</SheetClose>
          </div>
        ) : (
          <ul className={styles.lines} aria-label="Parts in your cart">
            {lines.map((line, index) => (
              <li key={line.id} className={`${styles.line} ${line.gone ? styles.gone : ''} ${line.pending ? styles.pending : ''} ${line.pending === 'remove' ? styles.leaving : ''}`} data-pending={line.pending ?? undefined}>
                <ProductImage src={line.image} alt="" width={88} height={66} className={styles.image} eager />
                <div className={styles.detail}>
                  <a href={line.url} className={styles.name}>
                    {line.name}
                  </a>
                  <span className={styles.tag}>Ref. {line.tag}</span>
                  <span className={styles.warranty}>{line.warranty_name}</span>
                  {line.gone ? <span className={styles.goneNote}>No longer available: please remove it.</span> : null}
                  <HoldNote line={line} />
                  <PendingMark pending={line.pending} />
                </div>
                <div className={styles.side}>
                  <span className={styles.value}>{line.gone ? '—' : formatMoney(line.gross_value)}</span>
                  <button
                    type="button"
                    className={styles.remove}
                    onClick={() => removeLine(line, index)}
                    disabled={removingId === line.id || line.pending === 'remove'}
                    aria-label={`Remove ${line.name} from the cart`}
                  >
                    {removingId === line.id ? 'Removing…' : 'Remove'}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </SheetContent>
    </Sheet>
  );
}
