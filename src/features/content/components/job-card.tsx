/**
 * A job card (SPEC §2 'Job listing', §3 Job): title, purpose, description, salary when the advert
 * gives one (shortened by SPEC §9's rule), location, working hours, working pattern, reporting to
 * (the job's sector) and the link to read more and apply.
 */
import { Link } from '@tanstack/react-router';
import type { Job } from '../../../contract/jobs';
import { t } from '../../../domain/messages';
import '../../../domain/messages-more';
import { shortSalary } from '../../../domain/text';
import { JobFacts } from './job-facts';
import styles from './content.module.css';

/** SPEC §9: the salary's figures shortened ('£24k – £27k'); the advert's own words when it has no figures. */
export function salaryText(job: Pick<Job, 'salary' | 'salary_from' | 'salary_to'>): string | null {
  const from = shortSalary(job.salary_from);
  const to = shortSalary(job.salary_to);
  if (from && to && from !== to) return `£${from} – £${to}`;
  if (from || to) return `£${from || to}`;
  return job.salary;
}

export function JobCard({ job, headingLevel = 2 }: { job: Job; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const salary = salaryText(job);
  const headingId = `job-${job.id}-title`;
  return (
    <article className={styles.jobCard} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.jobTitle}>
        {job.title}
      </Heading>
      <p className={styles.jobPurpose}>{job.purpose}</p>
      <p className={styles.jobDescription}>{job.description}</p>
      <JobFacts job={job} salary={salary ? <dd title={job.salary ?? undefined}>{salary}</dd> : null} />
      <p className={styles.jobMore}>
        <Link to="/job/$id" params={{ id: String(job.id) }} className={styles.moreLink} aria-label={`${t('jobs.read_more')}: ${job.title}`}>
          {t('jobs.read_more')}
        </Link>
      </p>
    </article>
  );
}
