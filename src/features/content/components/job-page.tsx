/**
 * /job/{id}: the whole advert (SPEC §2 'Read more and apply'): its facts, the description and how
 * to apply, both as the server's sanitised HTML, and the application form, which loads with the
 * page in the browser (react-hook-form and zod are not needed to read the advert).
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Suspense, useId } from 'react';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { BrowserOnly } from '../../../shared/ui/browser-only';
import { Breadcrumbs } from '../../../shared/ui/breadcrumbs';
import { InlinePending } from '../../../shared/ui/page-pending';
import { jobQueryOptions } from '../api/jobs';
import { salaryText } from './job-card';
import { ShopHtml } from './shop-html';
import { JobFacts } from './job-facts';
import styles from './content.module.css';
import { lazyWhenOnline } from '../../../shared/lazy-when-online';

const JobApplicationForm = lazyWhenOnline(() => import('./job-application-form'));

export function JobPage({ id }: { id: number }) {
  const { data: job } = useSuspenseQuery(jobQueryOptions(id));
  const ids = useId();
  const salary = salaryText(job);
  return (
    <div className={styles.page}>
      <Breadcrumbs crumbs={[{ label: t('jobs.back'), href: '/jobs' }, { label: job.title }]} />
      <article className={styles.article} aria-labelledby={`${ids}-title`}>
        <header className={styles.pageHeader}>
          <h1 id={`${ids}-title`}>{job.title}</h1>
          <p className={styles.lead}>{job.purpose}</p>
          <p className={styles.meta}>{t('jobs.posted', { date: job.pretty_created })}</p>
        </header>
        <JobFacts job={job} salary={salary ? <dd>{job.salary ?? salary}</dd> : null} />
        <ShopHtml html={job.description_html} className={styles.prose} />
        <section aria-labelledby={`${ids}-how`} className={styles.section}>
          <h2 id={`${ids}-how`}>{t('jobs.how_to_apply')}</h2>
          <ShopHtml html={job.how_to_apply} className={styles.prose} />
        </section>
        <section aria-labelledby={`${ids}-apply`} className={styles.section} id="apply">
          <h2 id={`${ids}-apply`}>{t('jobs.apply_heading')}</h2>
          <BrowserOnly fallback={<InlinePending>Loading the application form…</InlinePending>}>
            <Suspense fallback={<InlinePending>Loading the application form…</InlinePending>}>
              <JobApplicationForm jobId={job.id} jobTitle={job.title} />
            </Suspense>
          </BrowserOnly>
        </section>
        <p>
          <Link to="/jobs">{t('jobs.view_all')}</Link>
        </p>
      </article>
    </div>
  );
}
