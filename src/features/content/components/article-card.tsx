/**
 * An article in the news list (SPEC §2, §3 Article, §9 image sizes): its picture at the size of
 * its place (big 670x400, small 215x185, grid 440x260) unless it has none, title, pretty date and
 * summary.
 */
import { Link } from '@tanstack/react-router';
import { ARTICLE_IMAGE_SIZES, type Article, type ArticleImageSize } from '../../../contract/articles';
import { ShopHtml } from './shop-html';
import styles from './content.module.css';

const cardClass: Record<ArticleImageSize, string | undefined> = { big: styles.articleBig, small: styles.articleSmall, grid: styles.articleGrid };

export function ArticleCard({ article, size, priority = false }: { article: Article; size: ArticleImageSize; priority?: boolean }) {
  const { width, height } = ARTICLE_IMAGE_SIZES[size];
  const headingId = `article-${article.id}-${size}`;
  // An article whose picture staff removed is its text alone.
  const classes = [styles.articleCard, cardClass[size], article.images ? undefined : styles.articleNoPicture].filter(Boolean).join(' ');
  return (
    <article className={classes} aria-labelledby={headingId}>
      {article.images ? (
        <img
          className={styles.articleImage}
          src={article.images[size]}
          alt={article.main_image_alt}
          width={width}
          height={height}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          {...(priority ? { fetchPriority: 'high' as const } : {})}
        />
      ) : null}
      <div className={styles.articleText}>
        <h2 id={headingId} className={styles.articleTitle}>
          <Link to="/blog/$slug" params={{ slug: article.slug }} className={styles.articleLink}>
            {article.title}
          </Link>
        </h2>
        <p className={styles.meta}>
          <span className={styles.category}>{article.article_category.name}</span> ·{' '}
          <time dateTime={article.public_date}>{article.pretty_public_date}</time>
        </p>
        {size === 'small' ? null : <ShopHtml html={article.summary} className={styles.summary} />}
      </div>
    </article>
  );
}
