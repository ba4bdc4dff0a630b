/**
 * A part's price as the page shows it (SPEC §2, §4, §6): inc. VAT large, ex. VAT under it, both
 * with the chosen warranty; the earlier price when discounted; the RRP line with its explanation
 * (only when the RRP is at least the price inc. VAT); the lowest price of the 30 days before a
 * discount when the lowestPrice flag is on.
 */
import { discountLabel, formatMoney, grossFromNet, showsRrp } from '../../../domain/money';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { RrpInfo } from './rrp-info';
import styles from './part-page.module.css';

interface PriceBlockProps {
  /** Part and warranty together, in pence. */
  total: { net: number; gross: number };
  /** The part's own net price, which the RRP and the old price compare with. */
  partNet: number;
  oldNet: number | null;
  /** Net RRP of a new part. */
  rrpNet: number | null;
  lowestNet: number | null;
  showLowestPrice: boolean;
  warrantyName: string | undefined;
}

export function PriceBlock({ total, partNet, oldNet, rrpNet, lowestNet, showLowestPrice, warrantyName }: PriceBlockProps) {
  const rrpGross = rrpNet === null ? null : grossFromNet(rrpNet);
  const discounted = oldNet !== null && oldNet > partNet;
  const label = discounted ? discountLabel(grossFromNet(oldNet), grossFromNet(partNet)) : null;
  return (
    <div className={styles.priceBlock}>
      {discounted ? (
        <p className={styles.was}>
          <span className="visually-hidden">Was </span>
          <s>{formatMoney(grossFromNet(oldNet))}</s>
          {label ? <span className={styles.discount}>{label}</span> : null}
        </p>
      ) : null}
      <p className={styles.gross} data-testid="price-gross">
        <strong>{formatMoney(total.gross)}</strong> <span className={styles.vat}>{t('product.inc_vat')}</span>
      </p>
      <p className={styles.net} data-testid="price-net">
        {formatMoney(total.net)} {t('product.ex_vat')}
      </p>
      {warrantyName ? <p className={styles.priceNote}>Price with {warrantyName.toLowerCase()}</p> : null}
      {showsRrp(rrpGross, partNet) && rrpGross !== null ? (
        <p className={styles.rrp} data-testid="rrp">
          RRP new <s>{formatMoney(rrpGross)}</s> · save {formatMoney(rrpGross - grossFromNet(partNet))}
          <RrpInfo />
        </p>
      ) : null}
      {showLowestPrice && discounted && lowestNet !== null ? (
        <p className={styles.lowest}>Lowest price in the 30 days before this discount: {formatMoney(grossFromNet(lowestNet))}</p>
      ) : null}
    </div>
  );
}
