/**
 * A job's facts (SPEC §2 'Job listing'): salary when the advert gives one, location, working
 * hours, working pattern and reporting to (the job's sector), as the card and the job's page show
 * them. `salary` is what the salary line says there (the card's shortened figures, the page's whole
 * text), or null when the advert gives none.
 */
import type { ReactNode } from 'react';
import type { Job } from '../../../contract/jobs';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import styles from './content.module.css';

export function JobFacts({ job, salary }: { job: Job; salary: ReactNode }) {
  return (
    <dl className={styles.facts}>
      {salary ? (
        <div>
          <dt>{t('jobs.salary')}</dt>
          {salary}
        </div>
      ) : null}
      <div>
        <dt>{t('jobs.location_label')}</dt>
        <dd>{job.location}</dd>
      </div>
      <div>
        <dt>{t('jobs.working_hours')}</dt>
        <dd>{job.working_hours}</dd>
      </div>
      <div>
        <dt>{t('jobs.working_pattern')}</dt>
        <dd>{job.working_pattern}</dd>
      </div>
      <div>
        <dt>{t('jobs.reporting_to')}</dt>
        <dd>{job.job_sector.name}</dd>
      </div>
    </dl>
  );
}
