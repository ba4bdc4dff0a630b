import { formatMoney, grossFromNet } from '../../domain/money';
import { t } from '../../domain/messages';
import '../../domain/messages-more';
import styles from './product-card.module.css';

/**
 * A product's price as the shop shows it (SPEC §2): gross with 'inc. VAT', net with 'ex. VAT', the
 * earlier price struck through when the part is discounted. Amounts are net pence from the API;
 * gross comes from src/domain/money.
 */
export function ProductPrice({ net, oldNet }: { net: number; oldNet?: number | null | undefined }) {
  const showOld = typeof oldNet === 'number' && oldNet > net;
  return (
    <div className={styles.prices}>
      <p className={styles.gross}>
        {showOld ? (
          <>
            <s className={styles.old}>
              <span className="visually-hidden">Was </span>
              {formatMoney(grossFromNet(oldNet))}
            </s>{' '}
            <span className="visually-hidden">now </span>
          </>
        ) : null}
        <strong className={styles.amount}>{formatMoney(grossFromNet(net))}</strong> <span className={styles.vatLabel}>{t('product.inc_vat')}</span>
      </p>
      <p className={styles.net}>
        {formatMoney(net)} {t('product.ex_vat')}
      </p>
    </div>
  );
}
