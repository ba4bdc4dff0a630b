/**
 * The home page's featured jobs block (SPEC §2 'A featured jobs block offers view all jobs'). It
 * is not part of the home page's first download: the home route loads this module when the block's
 * place comes near the screen, and it then asks for GET /jobs/featured.json. SPEC §8: success
 * false shows its msg in a popup; a failed request leaves the list empty.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useInView } from '../../../shared/hooks/use-in-view';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { featuredJobsQueryOptions } from '../api/jobs';
import { useListFailure } from '../use-list-failure';
import { JobCard } from './job-card';
import styles from './content.module.css';

export default function FeaturedJobs() {
  const [near, setNear] = useState(false);
  const place = useInView<HTMLElement>(useCallback(() => setNear(true), []), near, '400px');
  const featured = useQuery({ ...featuredJobsQueryOptions(), enabled: near });
  useListFailure(featured.error);
  const jobs = featured.isError ? [] : (featured.data?.items ?? []);
  return (
    <section ref={place} className={styles.featured} aria-labelledby="featured-jobs-heading" aria-busy={near && featured.isPending}>
      <h2 id="featured-jobs-heading">{t('jobs.featured_heading')}</h2>
      {jobs.length > 0 ? (
        <ul role="list" className={styles.featuredList}>
          {jobs.map((job) => (
            <li key={job.id}>
              <JobCard job={job} headingLevel={3} />
            </li>
          ))}
        </ul>
      ) : featured.isPending ? (
        <div className={styles.featuredSpace} />
      ) : (
        <p className={styles.empty}>{t('jobs.featured_empty')}</p>
      )}
      <p>
        <Link to="/jobs" className={styles.moreLink}>
          {t('jobs.view_all')}
        </Link>
      </p>
    </section>
  );
}
