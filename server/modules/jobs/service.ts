/**
 * The jobs section (SPEC §2, §3 Job, §7, §9): open jobs only (an expired advert leaves every list
 * and its page), 3 a page sorted by created, the featured block, one job's page with its advert
 * rendered from Markdown and sanitised, and applications with a CV whose type is read from its
 * bytes, stored with the shop's mail in one transaction.
 */
import type { jobListQuerySchema} from '../../../src/contract/jobs';
import { FEATURED_JOBS_MAX, JOB_APPLICATION_FIELDS as F, JOB_APPLICATION_LIMITS, JOBS_PAGE_SIZE, type Job, type JobCategory, type JobDetail, type JobLocation } from '../../../src/contract/jobs';
import type * as z from 'zod/mini';
import type { Paginator } from '../../../src/contract/catalogue';
import type { FieldErrors } from '../../../src/contract/envelope';
import { formatDateTime, prettyDate } from '../../../src/domain/dates';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import { pageCountFor } from '../../../src/domain/paginator';
import { isEmail, isPhone } from '../../../src/domain/validation';
import type { Database } from '../../db/client';
import { invalid, notFound } from '../../errors';
import type { Clock } from '../../http/clock';
import { createOutboxMailer } from '../../integrations/mail';
import { markdownToText, renderMarkdown } from '../articles/index';
import { checkCv } from './cv';
import { createJobRepository } from './repository';
import { APPLICATION_MESSAGES, type ReceivedApplication } from './upload';

/** The card's text: the advert's opening as plain text. */
const CARD_TEXT_MAX = 300;
const CLOSED = 'This job is no longer open.';

type ParsedQuery = z.output<typeof jobListQuerySchema>;

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof createJobRepository>['byId']>>>;

function card(row: Row, now: Date): Job {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    purpose: row.purpose,
    description: markdownToText(row.description, CARD_TEXT_MAX),
    location: row.location,
    location_id: row.locationId,
    salary: row.salary,
    salary_from: row.salaryFrom,
    salary_to: row.salaryTo,
    working_hours: row.workingHours,
    working_pattern: row.workingPattern,
    job_sector: { name: row.sector },
    job_category: { id: row.categoryId, name: row.category },
    created: row.createdAt.toISOString(),
    pretty_created: prettyDate(row.createdAt, now),
    expires: row.expiresAt?.toISOString() ?? null,
    featured: row.featured,
  };
}

/** The keyword's words (at most 8), so 'van driver' finds a 'Van Delivery Driver'. */
const wordsOf = (keyword: string | undefined) => (keyword ?? '').split(/\s+/).filter(Boolean).slice(0, 8);

export function createJobService({ db, now, shopEmail, publicUrl }: { db: Database; now: Clock; shopEmail: string; publicUrl: string }) {
  const repository = createJobRepository(db);

  async function openJob(id: number, at: Date): Promise<Row> {
    const row = await repository.byId(id, at);
    if (!row) throw notFound(CLOSED);
    return row;
  }

  /** SPEC §5-style checks of the application's text fields, each problem under its field. */
  function checkFields(fields: Record<string, string>, problems: FieldErrors) {
    const value = (name: string) => (fields[name] ?? '').trim();
    const add = (field: string, message: string) => (problems[field] ??= []).push(message);
    const name = value(F.name);
    const email = value(F.email);
    const phone = value(F.phone);
    const message = value(F.message);
    // Control characters (and line breaks outside the message) were refused with the form's parts
    // by the shared text rule (src/contract/text-rule.ts, in upload.ts): a field it named is not checked again.
    const unchecked = (field: string) => !problems[field];
    if (unchecked(F.name)) {
      if (name === '') add(F.name, t('validation.required_full_name'));
      else if ([...name].length > JOB_APPLICATION_LIMITS.name) add(F.name, APPLICATION_MESSAGES.tooLong);
    }
    if (unchecked(F.email)) {
      if (email === '') add(F.email, t('validation.required_email'));
      else if (email.length > JOB_APPLICATION_LIMITS.email || !isEmail(email)) add(F.email, t('validation.email'));
    }
    if (unchecked(F.phone)) {
      if (phone === '') add(F.phone, t('validation.required_phone'));
      else if (phone.length > JOB_APPLICATION_LIMITS.phone || !isPhone(phone)) add(F.phone, t('validation.phone'));
    }
    if (unchecked(F.message) && [...message].length > JOB_APPLICATION_LIMITS.message) add(F.message, APPLICATION_MESSAGES.tooLong);
    return { name, email, phone, message };
  }

  return {
    async list(query: ParsedQuery): Promise<{ items: Job[]; paginator: Paginator; msg: string }> {
      const at = now();
      const filter = { categoryId: query.category || undefined, locationId: query.location || undefined, words: wordsOf(query.keyword) };
      const total = await repository.countOpen(at, filter);
      const pageCount = pageCountFor(total, JOBS_PAGE_SIZE);
      const page = Math.min(query.page, pageCount);
      const rows =
        total === 0 || query.page > pageCount
          ? []
          : await repository.pageOfOpen(at, filter, { direction: query.direction === 'ASC' ? 'asc' : 'desc', offset: (page - 1) * JOBS_PAGE_SIZE, limit: JOBS_PAGE_SIZE });
      const items = rows.map((row) => card(row, at));
      return {
        items,
        paginator: { count: total, perPage: JOBS_PAGE_SIZE, limit: JOBS_PAGE_SIZE, pageCount, sort: query.sort, direction: query.direction, page, requestedPage: query.page },
        msg: items.length === 0 ? t('jobs.empty') : '',
      };
    },

    async featured(): Promise<{ items: Job[]; msg: string }> {
      const at = now();
      const items = (await repository.featured(at, FEATURED_JOBS_MAX)).map((row) => card(row, at));
      return { items, msg: items.length === 0 ? t('jobs.empty') : '' };
    },

    async categories(): Promise<JobCategory[]> {
      return repository.categories(now());
    },

    locations(): Promise<JobLocation[]> {
      return repository.locations();
    },

    async job(id: number): Promise<JobDetail> {
      const at = now();
      const row = await openJob(id, at);
      return { ...card(row, at), description_html: renderMarkdown(row.description), how_to_apply: renderMarkdown(row.howToApply) };
    },

    /**
     * Stores the application and mails the shop, in one transaction; every problem (text fields
     * and the CV) is reported at once and nothing is stored.
     */
    async apply(id: number, received: ReceivedApplication): Promise<{ msg: string }> {
      const at = now();
      const job = await openJob(id, at);
      const problems: FieldErrors = { ...received.problems };
      const fields = checkFields(received.fields, problems);
      const checked = received.cv && !problems[F.cv] ? await checkCv(received.cv.bytes) : null;
      const cvType = checked?.ok ? checked.type : null;
      if (!problems[F.cv]) {
        if (!received.cv) problems[F.cv] = [APPLICATION_MESSAGES.cvMissing];
        else if (checked && !checked.ok) problems[F.cv] = [checked.problem === 'unreadable' ? APPLICATION_MESSAGES.cvUnreadable : APPLICATION_MESSAGES.cvType];
      }
      if (Object.keys(problems).length > 0 || !received.cv || !cvType) throw invalid(problems);
      const cv = received.cv;
      // The stored name keeps what the person called it, with the extension its bytes earned.
      const base = cv.filename.replace(/[\p{Cc}/\\]/gu, '').replace(/\.[^.]*$/, '').slice(0, 100) || 'cv';
      const filename = `${base}.${cvType.extension}`;

      await db.transaction(async (tx) => {
        const applicationId = await createJobRepository(tx).insertApplication({ jobId: job.id, ...fields, cvFilename: filename, cvContentType: cvType.contentType, cvData: cv.bytes, createdAt: at });
        await createOutboxMailer(tx).send({
          to: shopEmail,
          subject: `Job application ${applicationId}: ${job.title} (${job.location}) from ${fields.name}`,
          text: [
            `A new application for ${job.title}, ${job.location} (job ${job.id}).`,
            '',
            `  Name: ${fields.name}`,
            `  Email: ${fields.email}`,
            `  Phone: ${fields.phone}`,
            `  Received: ${formatDateTime(at)}`,
            `  CV: ${filename} (${cvType.label}, ${Math.max(1, Math.round(cv.bytes.length / 1024))} KB), kept with application ${applicationId}`,
            '',
            fields.message === '' ? '(No covering message.)' : fields.message,
            '',
            `The advert: ${publicUrl}/job/${job.id}`,
          ].join('\n'),
        });
      });
      return { msg: `Thank you, ${fields.name}. Your application for ${job.title} has reached us; we reply to every applicant within 10 working days.` };
    },

    /** Open jobs for the sitemap: their page paths and dates. */
    async sitemapEntries(): Promise<{ path: string; lastmod: Date }[]> {
      return (await repository.openJobs(now())).map((row) => ({ path: `/job/${row.id}`, lastmod: row.createdAt }));
    },
  };
}

export type JobService = ReturnType<typeof createJobService>;
