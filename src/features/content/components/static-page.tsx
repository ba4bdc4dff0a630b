/**
 * /page/{slug}: one of the shop's static pages (returns, delivery, warranties, grading, about,
 * terms, privacy, cookies, contact) as the shop wrote it: the same content the part page's tabs
 * and returns pop-up show.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { headingsFrom } from '../../../domain/heading-levels';
import { CookieSettings } from '../../../shared/consent/cookie-settings';
import { Breadcrumbs } from '../../../shared/ui/breadcrumbs';
import { staticPageQueryOptions } from '../api/static-pages';
import { ShopHtml } from './shop-html';
import styles from './content.module.css';

export function StaticPage({ slug }: { slug: string }) {
  const { data: page } = useSuspenseQuery(staticPageQueryOptions(slug));
  return (
    <div className={styles.page}>
      <Breadcrumbs crumbs={[{ label: page.title }]} />
      <article className={styles.article} aria-labelledby="static-page-title">
        <h1 id="static-page-title">{page.title}</h1>
        {/* Beneath the page's own h1, the staff's sections begin at h2. */}
        <ShopHtml html={headingsFrom(page.content, 2)} className={styles.prose} />
        {/* The footer's Cookies page is where a cookie choice is changed (issue 32). */}
        {slug === 'cookies' ? <CookieSettings /> : null}
      </article>
    </div>
  );
}
