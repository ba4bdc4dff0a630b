/**
 * /jobs (SPEC §2 'Job listing'): the category side list with 'All jobs', the location select, the
 * keyword search and the sort, the job cards, the paginator (3 a page, SPEC §9) and 'no jobs'.
 * Filters live in the URL; the list reloads 500 ms after a filter stops changing (SPEC §4, §9),
 * typing included, and each change starts again from page 1.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { Button } from '../../../shared/ui/button';
import { Paginator } from '../../../shared/ui/paginator';
import { jobCategoriesQueryOptions, jobListQueryOptions, jobLocationsQueryOptions } from '../api/jobs';
import { JOB_SORT_CHOICES, jobListParams, sameJobsSearch, searchForFilters, type JobFilters } from '../jobs-search';
import type { JobsSearch } from '../jobs-url';
import { useListFailure } from '../use-list-failure';
import { JobCard } from './job-card';
import styles from './content.module.css';

/** SPEC §9: filters settle for 500 ms before the list reloads. */
export const FILTER_DEBOUNCE_MS = 500;

const filtersOf = (search: JobsSearch): JobFilters => ({ category: search.category, location: search.location, keyword: search.keyword, direction: search.direction });
/** Same list asked for: compared as the URL would hold them (a keyword's outer spaces do not count). */
const sameFilters = (a: JobFilters, b: JobFilters) => sameJobsSearch(searchForFilters(a), searchForFilters(b));

interface JobsPageProps {
  search: JobsSearch;
  navigate: (options: { search: JobsSearch; resetScroll: boolean }) => Promise<void>;
}

export function JobsPage({ search, navigate }: JobsPageProps) {
  const hydrated = useHydrated();
  const list = useQuery({ ...jobListQueryOptions(jobListParams(search)), placeholderData: (previous) => previous });
  const categories = useQuery(jobCategoriesQueryOptions());
  const locations = useQuery(jobLocationsQueryOptions());
  const { requestFailed } = useListFailure(list.error);

  // What the person has chosen; the URL follows it 500 ms after it stops changing.
  const [draft, setDraft] = useState<JobFilters>(() => filtersOf(search));
  const settled = useDebouncedValue(draft, FILTER_DEBOUNCE_MS);
  const pushed = useRef<JobFilters>(filtersOf(search));
  const latestSearch = useRef(search);
  useEffect(() => {
    latestSearch.current = search;
    // The URL changed by itself (Back, a link): the controls show it, unless it is what was just pushed.
    if (!sameFilters(filtersOf(search), pushed.current)) {
      pushed.current = filtersOf(search);
      setDraft(filtersOf(search));
    }
  }, [search]);
  useEffect(() => {
    if (sameFilters(settled, filtersOf(latestSearch.current))) return;
    pushed.current = settled;
    void navigate({ search: searchForFilters(settled), resetScroll: false });
  }, [settled, navigate]);

  const change = (patch: Partial<JobFilters>) => setDraft((current) => ({ ...current, ...patch }));
  const listTop = useRef<HTMLHeadingElement>(null);
  const goToPage = (page: number) => {
    void navigate({ search: { ...search, page: page > 1 ? page : undefined }, resetScroll: false }).then(() =>
      listTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' }),
    );
  };

  const ids = useId();
  const jobs = list.isError ? [] : (list.data?.items ?? []);
  const paginator = list.isError ? undefined : list.data?.paginator;
  const count = paginator?.count ?? 0;

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1>{t('jobs.heading')}</h1>
        <p className={styles.lead}>{t('jobs.intro')}</p>
      </header>
      <div className={styles.jobsLayout}>
        <nav className={styles.sideList} aria-labelledby={`${ids}-categories`}>
          <h2 id={`${ids}-categories`} className={styles.sideHeading}>
            {t('jobs.categories')}
          </h2>
          <ul role="list">
            <li>
              <button type="button" className={styles.sideItem} aria-pressed={draft.category === undefined} disabled={!hydrated} onClick={() => change({ category: undefined })}>
                {t('jobs.all')}
              </button>
            </li>
            {(categories.data ?? []).map((category) => (
              <li key={category.id}>
                <button
                  type="button"
                  className={styles.sideItem}
                  aria-pressed={draft.category === category.id}
                  disabled={!hydrated}
                  onClick={() => change({ category: category.id })}
                >
                  {category.name}
                  <span className={styles.sideCount}>
                    {category.count}
                    <span className="visually-hidden"> jobs</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section className={styles.jobsMain} aria-labelledby={`${ids}-results`}>
          <div className={styles.filters} role="search" aria-label="Job filters">
            <div className={styles.filter}>
              <label htmlFor={`${ids}-keyword`}>{t('jobs.keyword')}</label>
              <input
                id={`${ids}-keyword`}
                type="search"
                className={styles.control}
                value={draft.keyword ?? ''}
                maxLength={100}
                placeholder={t('jobs.keyword_hint')}
                onChange={(event) => change({ keyword: event.target.value })}
                readOnly={!hydrated}
              />
            </div>
            <div className={styles.filter}>
              <label htmlFor={`${ids}-location`}>{t('jobs.location')}</label>
              <select
                id={`${ids}-location`}
                className={styles.control}
                value={draft.location ?? ''}
                disabled={!hydrated}
                onChange={(event) => change({ location: event.target.value ? Number(event.target.value) : undefined })}
              >
                <option value="">{t('jobs.all_locations')}</option>
                {(locations.data ?? []).map((location) => (
                  <option key={location.id} value={location.id}>
                    {location.name}
                  </option>
                ))}
              </select>
            </div>
            <div className={styles.filter}>
              <label htmlFor={`${ids}-sort`}>{t('jobs.sort')}</label>
              <select
                id={`${ids}-sort`}
                className={styles.control}
                value={draft.direction ?? 'DESC'}
                disabled={!hydrated}
                onChange={(event) => change({ direction: event.target.value === 'ASC' ? 'ASC' : undefined })}
              >
                {JOB_SORT_CHOICES.map((choice) => (
                  <option key={choice.direction} value={choice.direction}>
                    {choice.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <h2 id={`${ids}-results`} ref={listTop} className={styles.resultsHeading} aria-live="polite">
            {count === 1 ? t('jobs.count_one') : t('jobs.count', { count })}
          </h2>
          {requestFailed ? (
            <div className={styles.failure} role="alert">
              <p>{t('jobs.failed')}</p>
              <Button variant="secondary" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </div>
          ) : null}
          {jobs.length > 0 ? (
            <ul role="list" className={styles.jobList} aria-busy={list.isFetching && list.isPlaceholderData}>
              {jobs.map((job) => (
                <li key={job.id}>
                  <JobCard job={job} headingLevel={3} />
                </li>
              ))}
            </ul>
          ) : list.isPending ? null : (
            <p className={styles.empty}>{t('jobs.empty')}</p>
          )}
          {paginator ? <Paginator page={paginator.page} pageCount={paginator.pageCount} onPageChange={goToPage} label={t('jobs.pages')} /> : null}
        </section>
      </div>
    </div>
  );
}
