/**
 * The product categories modal (SPEC §2): the main category's button to its listing, its
 * subcategories with icons, and up to 4 popular parts with price and old price, or 'not
 * available' when one has gone. Loaded on the first category click.
 */
import { t } from '../../../domain/messages';
import { formatMoney, grossFromNet } from '../../../domain/money';
import { partTypeName } from '../../../domain/part-types';
import { productPath } from '../../../domain/urls';
import { useQuery } from '@tanstack/react-query';
import { partTypesQueryOptions } from '../../../shared/catalogue/get-part-types';
import { ProductImage } from '../../../shared/product/product-image';
import { buttonClassName } from '../../../shared/ui/button';
import { Dialog, DialogContent } from '../../../shared/ui/dialog';
import type { MenuCategory } from '../api/get-categories-menu';
import { CategoryIcon } from './category-icon';
import { follow } from './follow';
import styles from './category-links.module.css';

/** SPEC §9: popular products in the categories modal. */
const POPULAR_SHOWN = 4;

interface CategoryDialogProps {
  category: MenuCategory;
  onClose: () => void;
  navigate: (path: string) => void;
}

export default function CategoryDialog({ category, onClose, navigate }: CategoryDialogProps) {
  const partTypes = useQuery(partTypesQueryOptions()).data ?? [];
  const go = follow((path) => {
    onClose();
    navigate(path);
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={category.name}>
        <div className={styles.dialog}>
          <a href={`/category/${category.id}`} className={buttonClassName('primary', { block: true })} onClick={go}>
            All {category.name.toLowerCase()} parts
          </a>
          {category.children.length > 0 ? (
            <nav aria-label={`${category.name} subcategories`}>
              <ul role="list" className={styles.children}>
                {category.children.map((child) => (
                  <li key={child.id}>
                    <a href={`/category/${child.id}`} className={styles.child} onClick={go}>
                      <CategoryIcon name={child.icon} size={22} />
                      {child.name}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {category.top_products.length > 0 ? (
            <section aria-labelledby="popular-title">
              <h3 id="popular-title" className={styles.popularTitle}>
                Popular parts
              </h3>
              <ul role="list" className={styles.popular}>
                {category.top_products.slice(0, POPULAR_SHOWN).map((product) => {
                  const name = partTypeName(product.PartName, partTypes) || product.name;
                  const available = product.Total > 0 && product.Price > 0;
                  return (
                    <li key={product.Tag} className={styles.product}>
                      <ProductImage src={product.MainImgURL} alt="" width={70} height={70} className={styles.thumb} />
                      <div>
                        <a href={productPath({ make: product.ManuName, model: product.ModelName, partName: name, tag: product.Tag })} className={styles.productName}>
                          {name}
                        </a>
                        <p className={styles.productMeta}>
                          {product.ManuName} {product.ModelName}
                        </p>
                      </div>
                      <p className={styles.productPrice}>
                        {available ? (
                          <>
                            {product.price_old && product.price_old > product.Price ? (
                              <s className={styles.old}>
                                <span className="visually-hidden">Was </span>
                                {formatMoney(grossFromNet(product.price_old))}
                              </s>
                            ) : null}
                            <strong>{formatMoney(grossFromNet(product.Price))}</strong>
                          </>
                        ) : (
                          <span className={styles.unavailable}>{t('global.not_available')}</span>
                        )}
                      </p>
                    </li>
                  );
                })}
              </ul>
            </section>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
