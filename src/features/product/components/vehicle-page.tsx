/**
 * The vehicle product page (SPEC §2, §3, §4): banner, gallery, name, sku, price or discounted
 * price with the lowest-price line, summary, stock, the variant selectors, wishlist (a visitor is
 * asked to sign in), the 'interested in buying' enquiry, tabs (details, extra, additional content,
 * distributor), dimensions and a promo banner. Choosing a selector value switches variant: its
 * empty fields come from the parent, its pictures lead the gallery, and its slug goes in the
 * query as `product`.
 */
import { Suspense, useId, useRef, useState, type MouseEvent } from 'react';
import { discountLabel, formatMoney, grossFromNet } from '../../../domain/money';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { pickVariant, variantView } from '../../../domain/product-page';
import { stockLevel } from '../../../domain/stock';
import { formatNumber } from '../../../domain/text';
import { isSignedInMember, useAppProps } from '../../../shared/app-props';
import { Breadcrumbs } from '../../../shared/ui/breadcrumbs';
import { Button } from '../../../shared/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../../../shared/ui/popover';
import { useViewItem } from '../analytics';
import { useVehiclePage, type VehiclePageData } from '../api/get-vehicle-page';
import { BANNER, sizedImage, sizeOf } from '../images';
import { Gallery } from './gallery';
import { Html } from './html';
import { ProductSections, useSections, type ProductSection } from './product-sections';
import { ShareButton } from './share-button';
import styles from './vehicle-page.module.css';
import { lazyWhenOnline } from '../../../shared/lazy-when-online';

const EnquiryDialog = lazyWhenOnline(() => import('./enquiry-dialog'));

interface VehiclePageProps {
  slug: string;
  /** The chosen variant's slug (the query's `product`), if any. */
  variantSlug: string | undefined;
  onVariantChange: (variantSlug: string) => void;
}

type Selector = VehiclePageData['selectors'][number];

function Selectors({ selectors, chosen, onChoose }: { selectors: readonly Selector[]; chosen: Readonly<Record<string, string>>; onChoose: (id: string, value: string) => void }) {
  const base = useId();
  return (
    <div className={styles.selectors}>
      {selectors.map((selector) => (
        <fieldset key={selector.id}>
          <legend className={styles.legend}>
            {selector.name}
            {chosen[selector.id] ? <span className={styles.chosen}>: {chosen[selector.id]}</span> : null}
          </legend>
          <div className={styles.options}>
            {selector.values.map((value) => (
              <label key={value} className={styles.option}>
                <input
                  type="radio"
                  name={`${base}-${selector.id}`}
                  value={value}
                  checked={chosen[selector.id] === value}
                  onChange={() => onChoose(selector.id, value)}
                />
                <span>{value}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

function WishlistButton({ onWishlist }: { onWishlist: boolean }) {
  const props = useAppProps();
  const heart = (
    <svg viewBox="0 0 24 24" width="20" height="20" fill={onWishlist ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round" aria-hidden="true">
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
    </svg>
  );
  if (isSignedInMember(props)) {
    // Members' wishlists live in the account area; the page shows whether this car is on it.
    return (
      <a className={styles.wishlist} href="/panel">
        {heart}
        {onWishlist ? 'On your wishlist' : 'Your wishlist'}
      </a>
    );
  }
  // SPEC §6: a visitor's wishlist click asks them to sign in.
  return (
    <Popover>
      <PopoverTrigger className={styles.wishlist}>
        {heart}
        Add to wishlist
      </PopoverTrigger>
      <PopoverContent>
        <p className={styles.prompt}>Sign in to save this vehicle to your wishlist and find it again from any device.</p>
        <a className={styles.signIn} href="/panel">
          Sign in
        </a>
      </PopoverContent>
    </Popover>
  );
}

export default function VehiclePage({ slug, variantSlug, onVariantChange }: VehiclePageProps) {
  const data = useVehiclePage(slug);
  const { product, variants, selectors, statics } = data;
  const props = useAppProps();
  const headingId = useId();

  // A variant's own URL (/product/{variant-slug}) opens its parent's page with that variant chosen.
  const variant = variants.find((candidate) => candidate.slug === (variantSlug ?? slug));
  const shown = variant ? variantView(product, variant) : variantView(product, { ...product, product_images: [] });
  const chosen = variant?.selector_values ?? {};

  const choose = (id: string, value: string) => {
    const next = pickVariant(variants, { ...chosen, [id]: value }, id);
    if (next) onVariantChange(next.slug);
  };

  const [enquiry, setEnquiry] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const openEnquiry = (event: MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
    setEnquiry(true);
  };

  const images = shown.product_images.filter((image) => !image.is_banner).map((image) => ({ src: image.image, alt: image.alt || image.title }));
  const banner = product.product_images.find((image) => image.is_banner);
  const discounted = shown.price_old !== null && shown.price_old > shown.price;
  const stock = stockLevel(shown.stock_quantity, { vehicle: true });
  const detail = product.product_detail;
  const promo = [statics.banner_text_1, statics.banner_text_2, statics.banner_text_3].filter((text) => text.trim() !== '');

  const sections: ProductSection[] = [
    {
      id: 'details',
      label: 'Details',
      content: (
        <Html html={detail.description} className={styles.prose} />
      ),
    },
    ...(product.product_tabs.length
      ? [
          {
            id: 'extra',
            label: 'Extra information',
            content: (
              <div className={styles.blocks}>
                {product.product_tabs.map((tab) => (
                  <div key={tab.id} className={styles.block}>
                    <h3>{tab.title}</h3>
                    <Html html={tab.content} className={styles.prose} />
                  </div>
                ))}
              </div>
            ),
          },
        ]
      : []),
    ...(product.product_additional_contents.length
      ? [
          {
            id: 'additional',
            label: 'Additional content',
            content: (
              <div className={styles.blocks}>
                {product.product_additional_contents.map((item) => (
                  <div key={item.id} className={styles.block}>
                    <h3>{item.name}</h3>
                    <Html html={item.content} className={styles.prose} />
                  </div>
                ))}
              </div>
            ),
          },
        ]
      : []),
    ...(product.manufacturer.name || detail.distributor_url
      ? [
          {
            id: 'distributor',
            label: 'Distributor',
            content: (
              <div className={styles.distributor}>
                {product.manufacturer.image ? (
                  <img src={product.manufacturer.image} alt={`${product.manufacturer.name} logo`} width={240} height={120} loading="lazy" className={styles.logo} />
                ) : null}
                <div className={styles.prose}>
                  {product.manufacturer.name ? <h3>{product.manufacturer.name}</h3> : null}
                  <Html html={product.manufacturer.content} className={styles.prose} />
                  {detail.distributor_url ? (
                    <p>
                      <a href={detail.distributor_url} target="_blank" rel="noopener noreferrer">
                        Visit the distributor<span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    </p>
                  ) : null}
                </div>
              </div>
            ),
          },
        ]
      : []),
  ];
  const state = useSections('details');

  useViewItem(
    { id: shown.sku || product.sku, name: shown.name, netPrice: shown.price, brand: product.make, variant: variant?.slug, categories: ['Vehicles', product.make, product.model] },
    props.defaultCurrency,
  );

  return (
    <article className={styles.page} aria-labelledby={headingId}>
      <Breadcrumbs crumbs={[{ label: 'Vehicles for sale' }, { label: product.make }, { label: product.name }]} />
      {banner ? (
        <div className={styles.banner} style={{ background: statics.product_vehicle_bg || detail.vehicle_background || undefined }}>
          <img
            src={sizedImage(banner.image, BANNER)}
            alt={banner.alt}
            width={sizeOf(BANNER).width}
            height={sizeOf(BANNER).height}
            className={styles.bannerImage}
            fetchPriority="high"
          />
        </div>
      ) : null}

      <div className={styles.top}>
        <Gallery images={images} name={shown.name} />
        <section className={styles.buy} aria-label="Price and options">
          <h1 id={headingId} className={styles.title}>
            {shown.name}
          </h1>
          <p className={styles.meta}>
            SKU <span data-testid="vehicle-sku">{shown.sku}</span> · {product.year} · {product.make} {product.model}
          </p>
          <div className={styles.price}>
            {discounted && shown.price_old !== null ? (
              <p className={styles.was}>
                <span className="visually-hidden">Was </span>
                <s>{formatMoney(grossFromNet(shown.price_old))}</s>{' '}
                <span className={styles.discount}>{discountLabel(grossFromNet(shown.price_old), grossFromNet(shown.price))}</span>
              </p>
            ) : null}
            <p className={styles.gross}>
              <strong data-testid="vehicle-price">{formatMoney(grossFromNet(shown.price))}</strong> {t('product.inc_vat')}
            </p>
            <p className={styles.net}>
              {formatMoney(shown.price)} {t('product.ex_vat')}
            </p>
            {props.flags.lowestPrice === 1 && discounted && product.product_discount_detail.lowest_price !== null ? (
              <p className={styles.lowest}>
                Lowest price in the 30 days before this discount: {formatMoney(grossFromNet(product.product_discount_detail.lowest_price))}
              </p>
            ) : null}
          </div>
          {product.summary ? <p className={styles.summary}>{product.summary}</p> : null}
          <p className={styles.stock} data-level={stock.label}>
            {shown.stock_quantity > 0 ? `${t(stock.messageKey)}: ${shown.stock_quantity} available` : t(stock.messageKey)}
          </p>
          {selectors.length ? <Selectors selectors={selectors} chosen={chosen} onChoose={choose} /> : null}
          <div className={styles.actions}>
            <Button variant="accent" block onClick={openEnquiry} onPointerEnter={() => void import('./enquiry-dialog')}>
              I&apos;m interested in buying
            </Button>
            <div className={styles.row}>
              <WishlistButton onWishlist={product.on_member_wishlist} />
              <ShareButton />
            </div>
          </div>
          <dl className={styles.dimensions} aria-label="Dimensions">
            <div>
              <dt>Length</dt>
              <dd>{detail.dimm_length} cm</dd>
            </div>
            <div>
              <dt>Width</dt>
              <dd>{detail.dimm_width} cm</dd>
            </div>
            <div>
              <dt>Height</dt>
              <dd>{detail.dimm_height} cm</dd>
            </div>
            <div>
              <dt>Weight</dt>
              <dd>{formatNumber(product.weight)} kg</dd>
            </div>
          </dl>
        </section>
      </div>

      <ProductSections sections={sections} state={state} label="About this vehicle" />

      <section className={styles.promo} style={{ background: statics.product_vehicle_bg || undefined }} aria-labelledby={`${headingId}-promo`}>
        <div className={styles.promoInner}>
          <h2 id={`${headingId}-promo`}>Interested in this {product.make}?</h2>
          {promo.length ? (
            <ul role="list" className={styles.promoPoints}>
              {promo.map((text) => (
                <li key={text}>
                  <Html html={text} />
                </li>
              ))}
            </ul>
          ) : (
            <p>Ex-fleet, inspected in our workshop and sold with a fresh MOT. Ask us anything, or arrange a viewing.</p>
          )}
          <Button variant="accent" onClick={openEnquiry}>
            Send an enquiry
          </Button>
        </div>
      </section>

      {enquiry ? (
        <Suspense fallback={null}>
          <EnquiryDialog
            title="Interested in buying"
            product={{
              type: 'vehicle',
              id: variant?.slug ?? product.slug,
              name: shown.name,
              image: images[0]?.src ?? product.image,
              imageAlt: images[0]?.alt ?? shown.name,
              netPrice: shown.price,
              oldNetPrice: shown.price_old,
            }}
            onClose={() => setEnquiry(false)}
            returnFocus={() => opener.current?.focus()}
          />
        </Suspense>
      ) : null}
    </article>
  );
}
