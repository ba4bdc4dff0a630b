/**
 * 'Shop by category' (SPEC §2): a link per main category. A plain click opens the product
 * categories modal (its subcategories and popular parts); a click with a modifier key, or no
 * JavaScript yet, follows the link to the category's listing.
 */
import { Suspense, useState, type MouseEvent } from 'react';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useCategoriesMenu, type MenuCategory } from '../api/get-categories-menu';
import { CategoryIcon } from './category-icon';
import { follow, isPlainClick } from './follow';
import styles from './category-links.module.css';
import { lazyWhenOnline } from '../../../shared/lazy-when-online';

const CategoryDialog = lazyWhenOnline(() => import('./category-dialog'));

/** `navigate` follows an in-shop path without reloading the page (the route supplies it). */
export function CategoryLinks({ navigate }: { navigate: (path: string) => void }) {
  const menu = useCategoriesMenu();
  const [open, setOpen] = useState<MenuCategory | null>(null);
  // The server draws the list while the menu is still loading (empty and busy). This section is a
  // lazy chunk, so React may hydrate it after the kept query cache has been restored with the
  // last menu: until it has hydrated it draws what the server drew, or hydration fails (React
  // #418) and the section's links stop working.
  const hydrated = useHydrated();
  const categories = hydrated ? (menu.data ?? []) : [];
  if (hydrated && menu.isError) return null;

  const onClick = (category: MenuCategory) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    setOpen(category);
  };

  // React hydrates this lazy section after the page's root, so the root's aria-disabled is gone
  // while these links are still the server's markup (a tap follows the href, reloading the page):
  // the section says so itself until it has hydrated.
  return (
    <section className={styles.section} aria-labelledby="categories-title" aria-disabled={hydrated ? undefined : true}>
      <div className={styles.head}>
        <h2 id="categories-title" className={styles.title}>
          Shop by category
        </h2>
        <a href="/badge/1" className={styles.featured} onClick={follow(navigate)}>
          Featured parts
        </a>
      </div>
      <ul role="list" className={styles.grid} aria-busy={!hydrated || menu.isPending}>
        {categories.map((category) => (
          <li key={category.id}>
            <a href={`/category/${category.id}`} className={styles.link} onClick={onClick(category)} aria-haspopup="dialog">
              <span className={styles.icon}>
                <CategoryIcon name={category.icon} />
              </span>
              <span className={styles.name}>{category.name}</span>
            </a>
          </li>
        ))}
      </ul>
      {open ? (
        <Suspense fallback={null}>
          <CategoryDialog category={open} onClose={() => setOpen(null)} navigate={navigate} />
        </Suspense>
      ) : null}
    </section>
  );
}
