/**
 * /blog and /blog/tag/{tag} (SPEC §2 'News/blog listing'): the heading 'Blog and News', the
 * category tab bar ('All' plus one tab per category; the active tab, clicked again, deselects),
 * 'Filter by category' (a collapsible radio list of tags whose Save closes it and reloads page 1),
 * the articles (on page 1 the first large, the next three small, the rest in a grid) and the
 * paginator. Tag, category and page are in the URL.
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { ArticleTerm } from '../../../contract/articles';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { Button } from '../../../shared/ui/button';
import { Paginator } from '../../../shared/ui/paginator';
import { articleCategoriesQueryOptions, articleListQueryOptions, articleTagsQueryOptions } from '../api/articles';
import { articleListParams, newsLayout, searchForCategoryTab, searchForTag } from '../blog-search';
import type { BlogSearch } from '../blog-url';
import { useListFailure } from '../use-list-failure';
import { ArticleCard } from './article-card';
import { BlogLink } from './blog-link';
import styles from './content.module.css';

interface BlogPageProps {
  /** The list's search, with the tag of /blog/tag/{tag} when shown there. */
  search: BlogSearch;
  tagInPath: boolean;
}

export function BlogPage({ search, tagInPath }: BlogPageProps) {
  const navigate = useNavigate();
  const list = useQuery({ ...articleListQueryOptions(articleListParams(search)), placeholderData: (previous) => previous });
  const tags = useQuery(articleTagsQueryOptions());
  const categories = useQuery(articleCategoriesQueryOptions());
  const { requestFailed } = useListFailure(list.error);
  const ids = useId();

  const go = (next: BlogSearch) => {
    if (tagInPath && next.tag) {
      void navigate({ to: '/blog/tag/$tag', params: { tag: next.tag }, search: { category: next.category, page: next.page }, resetScroll: false });
    } else {
      void navigate({ to: '/blog', search: next, resetScroll: false });
    }
  };

  const tagName = (tags.data ?? []).find((tag) => tag.slug === search.tag)?.name ?? search.tag;
  const articles = list.isError ? [] : (list.data?.articles ?? []);
  const paginator = list.isError ? undefined : list.data?.paginator;
  const firstPage = (search.page ?? 1) === 1;
  const layout = firstPage ? newsLayout(articles) : { big: undefined, small: [], grid: articles };

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1>{tagInPath && tagName ? t('blog.tag_heading', { tag: tagName }) : t('blog.heading')}</h1>
        <p className={styles.lead}>{t('blog.intro')}</p>
      </header>

      <nav className={styles.tabBar} aria-label={t('blog.categories')}>
        <ul role="list">
          <li>
            <BlogLink search={searchForCategoryTab(search, null)} tagInPath={tagInPath} className={styles.tab} aria-current={search.category ? undefined : 'page'}>
              {t('blog.all')}
            </BlogLink>
          </li>
          {(categories.data ?? []).map((category) => (
            <li key={category.slug}>
              <BlogLink
                search={searchForCategoryTab(search, category.slug)}
                tagInPath={tagInPath}
                className={styles.tab}
                aria-current={search.category === category.slug ? 'page' : undefined}
              >
                {category.name}
              </BlogLink>
            </li>
          ))}
        </ul>
      </nav>

      <TagFilter key={search.tag ?? ''} tags={tags.data ?? []} chosen={search.tag} onSave={(tag) => go(searchForTag(search, tag))} />

      <section aria-labelledby={`${ids}-articles`} className={styles.news} aria-busy={list.isFetching && list.isPlaceholderData}>
        <h2 id={`${ids}-articles`} className="visually-hidden">
          Articles
        </h2>
        {requestFailed ? (
          <div className={styles.failure} role="alert">
            <p>{t('blog.failed')}</p>
            <Button variant="secondary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : null}
        {articles.length === 0 && !list.isPending ? <p className={styles.empty}>{t('blog.empty')}</p> : null}
        {layout.big ? <ArticleCard article={layout.big} size="big" priority /> : null}
        {layout.small.length ? (
          <ul role="list" className={styles.smallList}>
            {layout.small.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} size="small" />
              </li>
            ))}
          </ul>
        ) : null}
        {layout.grid.length ? (
          <ul role="list" className={styles.articleGridList}>
            {layout.grid.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} size="grid" />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {paginator ? (
        <Paginator page={paginator.page} pageCount={paginator.pageCount} label={t('blog.pages')} onPageChange={(page) => go({ ...search, page: page > 1 ? page : undefined })} />
      ) : null}
    </div>
  );
}

/** SPEC §2 'Filter by category': the tags as radios in a panel that opens and closes; Save applies and closes. */
function TagFilter({ tags, chosen, onSave }: { tags: readonly ArticleTerm[]; chosen: string | undefined; onSave: (tag: string | null) => void }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string>(chosen ?? '');
  const ids = useId();
  return (
    <div className={styles.tagFilter}>
      <button
        type="button"
        className={styles.disclosure}
        aria-expanded={open}
        aria-controls={`${ids}-panel`}
        disabled={!hydrated}
        onClick={() => setOpen((current) => !current)}
      >
        {t('blog.filter_by_category')}
        <span aria-hidden="true" className={styles.chevron}>
          {open ? '▴' : '▾'}
        </span>
      </button>
      <form
        id={`${ids}-panel`}
        hidden={!open}
        className={styles.tagPanel}
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(false);
          onSave(choice || null);
        }}
      >
        <fieldset>
          <legend className="visually-hidden">{t('blog.tags')}</legend>
          <label className={styles.radio}>
            <input type="radio" name="tag" value="" checked={choice === ''} onChange={() => setChoice('')} />
            {t('blog.clear_tag')}
          </label>
          {tags.map((tag) => (
            <label key={tag.slug} className={styles.radio}>
              <input type="radio" name="tag" value={tag.slug} checked={choice === tag.slug} onChange={() => setChoice(tag.slug)} />
              {tag.name}
            </label>
          ))}
        </fieldset>
        <Button type="submit" variant="primary">
          {t('blog.save')}
        </Button>
      </form>
    </div>
  );
}
