/**
 * The basket bar (SPEC §2, §4, §9): a strip under the header with the part's name, sku, price and
 * its add-to-cart and quick-add links, for a part in stock, shown once the page has scrolled 350 px
 * (1200 px on a window under 767 px) — by then the buy box's own buttons are off screen. It is
 * fixed, so showing it moves nothing on the page.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { formatMoney } from '../../../domain/money';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { basketBarShown } from '../../../domain/product-page';
import { buttonClassName } from '../../../shared/ui/button';
import styles from './basket-bar.module.css';

interface BasketBarProps {
  name: string;
  sku: string;
  gross: number;
  stockQuantity: number;
  addHref: string;
  quickHref: string;
  /** Refuses the links while a warranty must still be chosen (SPEC §5). */
  onAdd: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** Whether the bar should show, checked at most once a frame as the page scrolls or resizes. */
function useBasketBarShown(stockQuantity: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setShown(basketBarShown({ stockQuantity, scrollY: window.scrollY, windowWidth: window.innerWidth }));
    };
    const schedule = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [stockQuantity]);
  return shown;
}

export function BasketBar({ name, sku, gross, stockQuantity, addHref, quickHref, onAdd }: BasketBarProps) {
  const shown = useBasketBarShown(stockQuantity);
  if (!(stockQuantity > 0)) return null;
  return (
    // Hidden from everyone while off: its links would otherwise be tabbed to unseen.
    <aside className={styles.bar} data-shown={shown} aria-label="Buy this part" hidden={!shown}>
      <div className={styles.inner}>
        <div className={styles.text}>
          <p className={styles.name}>{name}</p>
          <p className={styles.meta}>
            <span>SKU {sku}</span>
            <strong className={styles.price}>
              {formatMoney(gross)} <span className={styles.vat}>{t('product.inc_vat')}</span>
            </strong>
          </p>
        </div>
        <div className={styles.actions}>
          <a className={buttonClassName('accent', { className: styles.button })} href={addHref} onClick={onAdd}>
            Add to cart
          </a>
          <a className={buttonClassName('secondary', { className: styles.button })} href={quickHref} onClick={onAdd}>
            Quick buy
          </a>
        </div>
      </div>
    </aside>
  );
}
