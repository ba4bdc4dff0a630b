/**
 * Product cards of SPEC §2, one component with the spec's variants:
 * - 'default': image, compatibility badge (when given), the fit to the member's current vehicle
 *   (inside a GarageFitScope, shared/garage/garage-fit.tsx), part name, description, make and model,
 *   gross price inc. VAT and net ex. VAT, and Add to cart when Price and Total are above 0;
 * - 'search': the default card with the part number and grade, for search results;
 * - 'no-results': a sold part, image faded, marked sold;
 * - 'coming-soon': not in stock yet; the whole card is a button (e.g. to the part request form);
 * - 'vehicle': image, make, model and year;
 * - 'image': the image alone, linking to the product.
 * The card's title link covers the card, so the whole card opens the product, while Add to cart
 * stays its own control.
 */
import { useQuery } from '@tanstack/react-query';
import type { ProductCard as Product } from '../../contract/catalogue';
import { partTypeName } from '../../domain/part-types';
import { cardShowsAddToCart } from '../../domain/stock';
import { trimHtml } from '../../domain/text';
import { cartAddPath, productPath } from '../../domain/urls';
import { partTypesQueryOptions } from '../catalogue/get-part-types';
import { buttonClassName } from '../ui/button';
import { GarageFitBadge } from '../garage/garage-fit';
import { CompatibilityBadge } from './compatibility-badge';
import { ProductImage } from './product-image';
import { ProductPrice } from './product-price';
import styles from './product-card.module.css';
import { WishlistHeart } from './wishlist-heart';

export type ProductCardVariant = 'default' | 'search' | 'no-results' | 'coming-soon' | 'vehicle' | 'image';

interface ProductCardProps {
  product: Product;
  variant?: ProductCardVariant;
  /** The compatibility level whose badge shows; leave out for none. */
  compatibilityLevel?: number | null | undefined;
  /** 'coming-soon' only: what a click on the card does. */
  onSelect?: (() => void) | undefined;
  headingLevel?: 2 | 3 | 4;
  /** The first cards of a page load their image at once. */
  eager?: boolean;
  /** The first card of a list: its image is the page's main image (see ProductImage). */
  priority?: boolean;
}

/** SPEC §2: the add-to-cart button goes to the named route cart-add with product = Tag. */
export function addToCartHref(tag: string): string {
  return cartAddPath({ product: tag });
}

export function ProductCard({ product, variant = 'default', compatibilityLevel, onSelect, headingLevel = 3, eager = false, priority = false }: ProductCardProps) {
  const partTypes = useQuery(partTypesQueryOptions()).data ?? [];
  const name = partTypeName(product.PartName, partTypes) || product.name;
  const href = productPath({ make: product.ManuName, model: product.ModelName, partName: name, tag: product.Tag });
  const vehicle = [product.ManuName, product.ModelName].filter(Boolean).join(' ');
  const Heading = `h${headingLevel}` as const;
  const image = (
    <ProductImage
      src={product.MainImgURL}
      alt={product.alttag || name}
      width={320}
      height={240}
      eager={eager}
      priority={priority}
      className={`${styles.image} ${variant === 'no-results' ? styles.faded : ''}`}
    />
  );

  if (variant === 'image') {
    return (
      <a className={`${styles.card} ${styles.imageOnly}`} href={href}>
        {image}
        <span className="visually-hidden">{name}</span>
      </a>
    );
  }

  if (variant === 'vehicle') {
    return (
      <article className={styles.card}>
        <div className={styles.media}>{image}</div>
        <div className={styles.body}>
          <Heading className={styles.title}>
            <a className={styles.cover} href={href}>
              {vehicle}
            </a>
          </Heading>
          {product.Year ? <p className={styles.meta}>{product.Year}</p> : null}
        </div>
      </article>
    );
  }

  if (variant === 'coming-soon') {
    return (
      <article className={`${styles.card} ${styles.comingSoon}`}>
        <div className={styles.media}>
          {image}
          <span className={styles.ribbon}>Coming soon</span>
        </div>
        <div className={styles.body}>
          <Heading className={styles.title}>
            <button type="button" className={styles.cover} onClick={onSelect}>
              {name}
              <span className="visually-hidden"> — coming soon, ask us to reserve it</span>
            </button>
          </Heading>
          <p className={styles.meta}>{vehicle}</p>
          <p className={styles.stockNote}>Not in stock yet</p>
        </div>
      </article>
    );
  }

  const sold = variant === 'no-results';
  return (
    <article className={`${styles.card} ${sold ? styles.sold : ''}`}>
      <div className={styles.media}>
        {image}
        {sold ? <span className={styles.ribbon}>Sold</span> : <WishlistHeart tag={product.Tag} name={name} className={styles.heart} />}
      </div>
      <div className={styles.body}>
        {compatibilityLevel !== undefined && compatibilityLevel !== null ? <CompatibilityBadge level={compatibilityLevel} /> : null}
        {sold ? null : <GarageFitBadge tag={product.Tag} />}
        <Heading className={styles.title}>
          <a className={styles.cover} href={href}>
            {name}
          </a>
        </Heading>
        <p className={styles.meta}>
          {vehicle}
          {product.Year ? ` · ${product.Year}` : ''}
        </p>
        {variant === 'search' && (product.OEM || product.Grade) ? (
          <p className={styles.meta}>
            {product.OEM ? <>Part no. {product.OEM}</> : null}
            {product.OEM && product.Grade ? ' · ' : null}
            {product.Grade ? <>Grade {product.Grade}</> : null}
          </p>
        ) : null}
        {product.Description ? <p className={styles.description}>{trimHtml(product.Description)}</p> : null}
        <div className={styles.footer}>
          {sold ? <p className={styles.stockNote}>Sold</p> : <ProductPrice net={product.Price} oldNet={product.price_old} />}
          {!sold && cardShowsAddToCart(product) ? (
            <a className={buttonClassName('accent', { className: styles.add })} href={addToCartHref(product.Tag)}>
              Add to cart<span className="visually-hidden">: {name}</span>
            </a>
          ) : null}
        </div>
      </div>
    </article>
  );
}

/** The class of a grid of product cards: one column on small phones, up to four on desktop. */
export const productGridClassName = styles.grid ?? '';
