/**
 * The part product page (SPEC §2, §3, §4): gallery, the buy box (grade, price inc. and ex. VAT
 * with the chosen warranty, RRP, lowest price, stock, delivery estimate and countdown, Add to cart
 * and Quick buy or a back-in-stock notification, enquiry, share, links), the sections as tabs or
 * accordions, reviews, the make/model/part type texts, and the basket bar. Modals, the lightbox
 * and the share menu load their code when first opened.
 */
import { memo, Suspense, useId, useRef, useState, type ComponentProps, type MouseEvent } from 'react';
import { heldElsewhereText, holdTimeLeft } from '../../../domain/cart-hold';
import { t } from '../../../domain/messages';
import { priceWithWarranty } from '../../../domain/product-page';
import { canAddToCart, stockLevel } from '../../../domain/stock';
import { cartAddPath } from '../../../domain/urls';
import { defaultWarranty, warrantyChoiceProblem } from '../../../domain/warranty';
import { useAppProps } from '../../../shared/app-props';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { Breadcrumbs } from '../../../shared/ui/breadcrumbs';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { HydrateLater } from '../../../shared/ui/hydrate-later';
import { useViewItem } from '../analytics';
import { usePartPageQuery, type PartPageData } from '../api/get-part-page';
import { useKeepViewed } from '../keep-viewed';
import { OfflineNotice } from '../../../shared/offline/offline-notice';
import { useOfflineAsOf } from '../../../shared/offline/kept-answer';
import { BasketBar } from './basket-bar';
import { CategoryInfo } from './category-info';
import { CompatibilityCheck } from './compatibility-check';
import { DeliveryEstimate } from './delivery-estimate';
import { Gallery } from './gallery';
import { Html } from './html';
import { PaymentIcons } from './payment-icons';
import { PriceBlock } from './price-block';
import { ProductSections, useSections, type ProductSection } from './product-sections';
import { Reviews } from './reviews';
import { ShareButton } from './share-button';
import { WishlistHeart } from '../../../shared/product/wishlist-heart';
import { GarageFitBadge, GarageFitScope } from '../../../shared/garage/garage-fit';
import { WarrantySelect } from './warranty-select';
import styles from './part-page.module.css';
import { lazyWhenOnline } from '../../../shared/lazy-when-online';

const NotificationDialog = lazyWhenOnline(() => import('./notification-dialog'));
const EnquiryDialog = lazyWhenOnline(() => import('./enquiry-dialog'));
const ReturnsDialog = lazyWhenOnline(() => import('./returns-dialog'));

// Below the buy box: the sections, the reviews and the make/model texts hydrate after the rest of
// the page, each on its own, when it nears the screen, is tapped, or the browser is idle (issue
// 29). The reviews and texts are memo'd on their own (primitive or the page data's own) props, so
// nothing re-renders them before they hydrate; the sections hydrate as soon as the page renders
// again (a wide screen's tabs, a link that opens a section).
const LaterReviews = memo(function LaterReviews(props: ComponentProps<typeof Reviews>) {
  return (
    <HydrateLater find={() => document.querySelector(`[aria-labelledby="${props.headingId}"]`)}>
      <Reviews {...props} />
    </HydrateLater>
  );
});
const LaterCategoryInfo = memo(function LaterCategoryInfo({ make, model, partType, afterId }: { make: string; model: string; partType: number; afterId: string }) {
  return (
    // Right after the reviews' section.
    <HydrateLater find={() => document.querySelector(`[aria-labelledby="${afterId}"] + section`)}>
      <CategoryInfo query={{ make, model, partType }} />
    </HydrateLater>
  );
});
const SECTIONS_ID = 'product-details';
const findSections = () => document.getElementById(SECTIONS_ID);

type Modal = 'notification' | 'enquiry' | 'returns';
type Part = PartPageData['product'];

const CONTENT_SECTIONS = [
  { slug: 'product-returns', id: 'returns', label: 'Returns' },
  { slug: 'product-delivery', id: 'delivery', label: 'Delivery' },
  { slug: 'product-warranties', id: 'warranty', label: 'Warranty' },
] as const;

/** SPEC §2 link to all parts from the same vehicle: the results page with the donor's stock number. */
function vehiclePartsHref(part: Part): string {
  const query = new URLSearchParams({ make: part.ManuName.toUpperCase(), model: part.ModelName, stock: part.StockNumber });
  if (part.Year) query.set('year', String(part.Year));
  return `/categories?${query.toString()}`;
}

function ProductInformation({ part }: { part: Part }) {
  const rows: [string, string | number | null][] = [
    ['Part', part.formattedName],
    ['Part number (OEM)', part.OEM],
    ['Make', part.ManuName],
    ['Model', part.ModelName],
    ['Year', part.Year],
    ['Engine code', part.EngineCode],
    ['Grade', part.Grade],
    ['Stock number', part.StockNumber],
    ['SKU', part.sku],
    ...part.AdditionalInfo.filter((info) => !['Make', 'Model', 'OEM'].includes(info.Title)).map((info): [string, string] => [info.Title, info.Value]),
  ];
  return (
    <div className={styles.information}>
      {part.Description ? <p className={styles.longDescription}>{part.Description}</p> : null}
      <dl className={styles.specs}>
        {rows
          .filter((row): row is [string, string | number] => row[1] !== null && String(row[1]).trim() !== '')
          .map(([label, value]) => (
            <div key={label} className={styles.spec}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </div>
  );
}

function Grading({ data, grade, html }: { data: PartPageData['gradings']; grade: string; html: string | undefined }) {
  return (
    <div className={styles.grading}>
      <ul className={styles.grades} role="list">
        {data.map((grading) => (
          <li key={grading.level} className={styles.gradeRow} data-current={grading.level === grade}>
            <span className={styles.gradeDot} style={{ background: grading.bg_color }} aria-hidden="true" />
            <div>
              <p className={styles.gradeTitle}>
                {grading.title}
                {grading.level === grade ? <span className={styles.thisPart}>This part</span> : null}
              </p>
              <p className={styles.gradeText}>{grading.description}</p>
            </div>
          </li>
        ))}
      </ul>
      {html ? <Html html={html} className={styles.prose} /> : null}
    </div>
  );
}

function CarbonFootprint({ footprint }: { footprint: NonNullable<Part['CarbonFootprint']> }) {
  return (
    <div className={styles.carbon}>
      <p className={styles.carbonFigure}>
        <strong>{footprint.co2_level} kg</strong> of CO₂ saved
      </p>
      <p>Buying this part used rather than new saves the carbon of making a new one: about {footprint.co2_level} kg of CO₂.</p>
      {footprint.image ? (
        <img
          src={footprint.image}
          alt=""
          width={600}
          height={200}
          loading="lazy"
          className={styles.carbonImage}
          onError={(event) => {
            event.currentTarget.hidden = true;
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * Issue 32: a part in someone's cart, and about when its hold ends, by this device's clock; the
 * server's markup and the hydrating render leave the minutes out, so the two match.
 */
function useHeldElsewhere(heldUntil: string | null): string | null {
  const hydrated = useHydrated();
  if (heldUntil === null) return null;
  return hydrated ? heldElsewhereText(holdTimeLeft(Date.parse(heldUntil), Date.now())) : "In someone's cart";
}

function StockNotice({ part }: { part: Part }) {
  const level = stockLevel(part.stock_quantity);
  const heldElsewhere = useHeldElsewhere(part.status === 'reserved' ? part.cart_held_until : null);
  const status =
    part.status === 'available'
      ? 'One used part, ready to ship'
      : part.status === 'coming_soon'
        ? 'Coming soon: being checked and graded'
        : heldElsewhere
          ? heldElsewhere
          : part.status === 'reserved'
            ? 'Reserved by another customer'
            : 'This part has been sold';
  return (
    <div className={styles.stock} data-level={level.label}>
      <span className={styles.stockBar} aria-hidden="true">
        <span style={{ width: `${Math.max(level.percent, 4)}%` }} />
      </span>
      <p>
        <strong>{t(level.messageKey)}</strong> · {status}
      </p>
    </div>
  );
}

export function PartPage({ tag }: { tag: string }) {
  const query = usePartPageQuery(tag);
  const { data } = query;
  // Issue 16: kept for offline use, and shown offline with the time its price and stock were true.
  useKeepViewed(data, query.dataUpdatedAt);
  const asOf = useOfflineAsOf({ dataUpdatedAt: query.dataUpdatedAt, error: query.error });
  const { product: part, warranties, gradings, contents, breadcrumbs, rating } = data;
  const props = useAppProps();
  const headingId = useId();

  const [warrantyId, setWarrantyId] = useState<number | undefined>(() => defaultWarranty(warranties)?.id);
  const warranty = warranties.find((choice) => choice.id === warrantyId);
  const total = priceWithWarranty(part.Price, warranty?.value);
  const available = canAddToCart(part.stock_quantity);
  const addHref = cartAddPath({ product: part.Tag, warranty: warranty?.id });
  const quickHref = cartAddPath({ product: part.Tag, warranty: warranty?.id, quick: true });

  const [modal, setModal] = useState<Modal | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = (which: Modal) => (event: MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget;
    setModal(which);
  };
  const closeModal = () => setModal(null);
  const returnFocus = () => opener.current?.focus();

  const content = (slug: string) => contents.find((page) => page.slug === slug);
  const returnsPage = content('product-returns');
  const gradingPage = content('product-grading');
  const grade = gradings.find((grading) => grading.level === part.Grade);

  const sections: ProductSection[] = [
    {
      id: 'compatibility',
      label: 'Compatibility',
      content: (
        <div className={styles.compatibility}>
          {part.AdditionalInfo.find((info) => info.Title === 'Fits') ? (
            <p>
              <strong>Fits:</strong> {part.AdditionalInfo.find((info) => info.Title === 'Fits')?.Value}
            </p>
          ) : null}
          {part.partTypeCompatibilityFlag === 'TRUE' ? (
            <CompatibilityCheck tag={part.Tag} likelyMatchNote={part.LikelyMatchNote} />
          ) : (
            <p>Please check the part number {part.OEM} against the one on your original part before ordering.</p>
          )}
        </div>
      ),
    },
    { id: 'information', label: 'Product information', content: <ProductInformation part={part} /> },
    ...CONTENT_SECTIONS.flatMap(({ slug, id, label }) => {
      const page = content(slug);
      // The same page the footer opens at /page/{slug}, where it can be read whole and shared.
      return page?.content
        ? [
            {
              id,
              label,
              content: (
                <>
                  <Html html={page.content} className={styles.prose} />
                  <p>
                    <a href={`/page/${slug}`}>Read the full {page.title} page</a>
                  </p>
                </>
              ),
            },
          ]
        : [];
    }),
    ...(part.CarbonFootprint ? [{ id: 'carbon', label: 'Carbon footprint', content: <CarbonFootprint footprint={part.CarbonFootprint} /> }] : []),
    ...(gradingPage?.content || gradings.length > 0
      ? [{ id: 'grading', label: 'Grading', content: <Grading data={gradings} grade={part.Grade} html={gradingPage?.content} /> }]
      : []),
  ];
  const sectionIds = new Set(sections.map((section) => section.id));
  const state = useSections('compatibility');

  /** SPEC §5: with more than one warranty and none chosen, adding to the cart is refused. */
  const guardAdd = (event: MouseEvent<HTMLAnchorElement>) => {
    const problem = warrantyChoiceProblem(warranties, warranty?.id);
    if (!problem) return;
    event.preventDefault();
    // Toasts' code is not part of the page's first download.
    void import('sonner').then(({ toast }) => toast.error(t(problem)));
  };

  useViewItem(
    { id: part.Tag, name: part.name, netPrice: part.Price, brand: part.ManuName, categories: breadcrumbs.slice(0, -1).map((crumb) => crumb.label).concat(part.formattedName) },
    props.defaultCurrency,
  );

  return (
    <article className={styles.page} aria-labelledby={headingId}>
      <Breadcrumbs crumbs={breadcrumbs} />
      <OfflineNotice asOf={asOf} />
      <div className={styles.top}>
        <Gallery images={part.Images.map((image) => ({ src: image.url, alt: image.alt }))} name={part.name} />

        <section className={styles.buy} aria-label="Price and delivery">
          <div className={styles.badges}>
            {part.Grade ? (
              <button
                type="button"
                className={styles.grade}
                onClick={() => state.reveal('grading')}
                disabled={!sectionIds.has('grading')}
                aria-label={`Grade ${part.Grade}${grade ? `: ${grade.title}` : ''} — about grading`}
              >
                <span className={styles.gradeDot} style={{ background: grade?.bg_color ?? 'var(--color-brand)' }} aria-hidden="true" />
                Grade {part.Grade}
              </button>
            ) : null}
            <span className={styles.partType}>{part.formattedName}</span>
          </div>
          <h1 id={headingId} className={styles.title}>
            {part.name}
          </h1>
          <p className={styles.meta}>
            {part.Year ? <span>{part.Year}</span> : null}
            {part.OEM ? (
              <span>
                Part no. <strong className={styles.oem}>{part.OEM}</strong>
              </span>
            ) : null}
            <span>Stock no. {part.StockNumber}</span>
          </p>
          {part.Sold === 'FALSE' ? (
            <GarageFitScope tags={[part.Tag]}>
              <GarageFitBadge tag={part.Tag} />
            </GarageFitScope>
          ) : null}

          <PriceBlock
            total={total}
            partNet={part.Price}
            oldNet={part.price_old}
            rrpNet={part.RRP}
            lowestNet={part.lowest_price}
            showLowestPrice={props.flags.lowestPrice === 1}
            warrantyName={warranty && warranty.value > 0 ? warranty.name : undefined}
          />
          <StockNotice part={part} />
          {available ? <WarrantySelect warranties={warranties} selectedId={warranty?.id} onSelect={setWarrantyId} /> : null}
          {available ? <DeliveryEstimate /> : null}

          <div className={styles.actions}>
            {available ? (
              <>
                <a className={buttonClassName('accent', { block: true })} href={addHref} onClick={guardAdd}>
                  Add to cart
                </a>
                <a className={buttonClassName('primary', { block: true })} href={quickHref} onClick={guardAdd}>
                  Quick buy
                </a>
              </>
            ) : (
              <Button variant="primary" block onClick={open('notification')} onPointerEnter={() => void import('./notification-dialog')}>
                Notify me when available
              </Button>
            )}
          </div>
          <div className={styles.secondary}>
            <button type="button" className={buttonClassName('quiet', { className: styles.ask })} onClick={open('enquiry')} onPointerEnter={() => void import('./enquiry-dialog')}>
              <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" aria-hidden="true">
                <path d="M4 5h16v11H9l-5 4z" />
              </svg>
              Ask about this part
            </button>
            <ShareButton url={part.shareUrl || undefined} />
            {part.Sold === 'FALSE' ? <WishlistHeart tag={part.Tag} name={part.name} onWishlist={part.on_member_wishlist} /> : null}
          </div>

          <PaymentIcons flags={props.flags} />
        </section>

        <section className={styles.about} aria-labelledby={`${headingId}-about`}>
          <h2 id={`${headingId}-about`} className={styles.aboutTitle}>
            About this part
          </h2>
          {part.Description ? <p className={styles.description}>{part.Description}</p> : null}
          <div className={styles.links}>
          <ul role="list">
            {sectionIds.has('delivery') ? (
              <li>
                <button type="button" className={styles.link} onClick={() => state.reveal('delivery')}>
                  Fast delivery: next working day when ordered by 3 pm
                </button>
              </li>
            ) : null}
            {sectionIds.has('warranty') ? (
              <li>
                <button type="button" className={styles.link} onClick={() => state.reveal('warranty')}>
                  Free 30-day warranty on every part
                </button>
              </li>
            ) : null}
            {returnsPage?.content ? (
              <li>
                <button type="button" className={styles.link} onClick={open('returns')}>
                  Easy 30-day returns
                </button>
              </li>
            ) : null}
            <li>
              <a className={styles.link} href={vehiclePartsHref(part)}>
                All parts from this {part.ManuName} {part.ModelName} (stock no. {part.StockNumber})
              </a>
            </li>
          </ul>
          </div>
        </section>
      </div>

      <HydrateLater find={findSections}>
        <ProductSections sections={sections} state={state} label="Part details" id={SECTIONS_ID} />
      </HydrateLater>
      <LaterReviews productId={part.id} headingId={`${headingId}-reviews`} rating={rating} />
      {/* The model by id: its name ('Focus') would match every generation's texts. */}
      <LaterCategoryInfo
        make={part.ManuName}
        model={part.ModelID === null ? part.ModelName : String(part.ModelID)}
        partType={part.PartType}
        afterId={`${headingId}-reviews`}
      />

      <BasketBar
        name={part.name}
        sku={part.sku}
        gross={total.gross}
        stockQuantity={part.stock_quantity}
        addHref={addHref}
        quickHref={quickHref}
        onAdd={guardAdd}
      />

      <Suspense fallback={null}>
        {modal === 'notification' ? <NotificationDialog tag={part.Tag} partName={part.formattedName.toLowerCase()} onClose={closeModal} returnFocus={returnFocus} /> : null}
        {modal === 'enquiry' ? (
          <EnquiryDialog
            title="Ask about this part"
            product={{
              type: 'part',
              id: part.Tag,
              name: part.name,
              image: part.Images[0]?.url ?? part.image,
              imageAlt: part.Images[0]?.alt ?? part.alttag,
              netPrice: part.Price,
              oldNetPrice: part.price_old,
            }}
            onClose={closeModal}
            returnFocus={returnFocus}
          />
        ) : null}
        {modal === 'returns' && returnsPage ? <ReturnsDialog title={returnsPage.title} html={returnsPage.content} onClose={closeModal} returnFocus={returnFocus} /> : null}
      </Suspense>
    </article>
  );
}
