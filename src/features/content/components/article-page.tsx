/**
 * /blog/{slug}: one article (SPEC §2, §3 Article): title, picture (unless staff removed it), pretty date, tags linking to
 * /blog/tag/{tag}, and the body as the server's sanitised HTML.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ARTICLE_IMAGE_SIZES } from '../../../contract/articles';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { Breadcrumbs } from '../../../shared/ui/breadcrumbs';
import { articleQueryOptions } from '../api/articles';
import { ShopHtml } from './shop-html';
import styles from './content.module.css';

export function ArticlePage({ slug }: { slug: string }) {
  const { data: article } = useSuspenseQuery(articleQueryOptions(slug));
  const { width, height } = ARTICLE_IMAGE_SIZES.big;
  return (
    <div className={styles.page}>
      <Breadcrumbs crumbs={[{ label: t('blog.back'), href: '/blog' }, { label: article.title }]} />
      <article className={styles.article} aria-labelledby="article-title">
        <header className={styles.pageHeader}>
          <h1 id="article-title">{article.title}</h1>
          <p className={styles.meta}>
            <Link to="/blog" search={{ category: article.article_category.slug }} className={styles.category}>
              {article.article_category.name}
            </Link>{' '}
            · <time dateTime={article.public_date}>{article.pretty_public_date}</time>
          </p>
        </header>
        {article.images ? (
          <img className={styles.articleHero} src={article.images.big} alt={article.main_image_alt} width={width} height={height} fetchPriority="high" />
        ) : null}
        <ShopHtml html={article.body} className={styles.prose} />
        {article.article_tags.length ? (
          <nav aria-label={t('blog.tags')} className={styles.tags}>
            <ul role="list">
              {article.article_tags.map((tag) => (
                <li key={tag.slug}>
                  <Link to="/blog/tag/$tag" params={{ tag: tag.slug }} className={styles.tagLink}>
                    #{tag.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <p>
          <Link to="/blog">{t('blog.back')}</Link>
        </p>
      </article>
    </div>
  );
}
