/**
 * The back office's content work: discount codes, static pages and job adverts. Each change is
 * made with its one audit entry (before and after) in one transaction; the rows are the ones the
 * storefront reads (through the owning modules' repositories), so the shop shows a change on its
 * next request. Bodies arrive checked by the forms' schemas (src/domain/admin-content.ts); what
 * only the database knows (a code or slug taken, a row gone) is checked here.
 */
import type { DiscountCodeRecord, JobRecord, LoyaltySettings, StaticPageRecord } from '../../../../src/contract/admin-content';
import { STATIC_PAGE_SLUGS, type StaticPageSlug } from '../../../../src/contract/static-contents';
import {
  calendarDateOf,
  type DiscountCodeForm,
  discountCodeState,
  discountCodeStored,
  discountCodeValidity,
  type JobForm,
  jobExpiry,
  LOYALTY_TEXT_SLUGS,
  type LoyaltyForm,
  loyaltyThresholds,
  type StaticPageForm,
} from '../../../../src/domain/admin-content';
import type { Database } from '../../../db/client';
import { invalidField, notFound } from '../../../errors';
import { renderMarkdown } from '../../articles/index';
import { createDiscountCodeService, type DiscountCodeWithUse } from '../../cart/index';
import { createJobAdminService, type JobAdvertRow } from '../../jobs/index';
import { createLoyaltyAdminService } from '../../loyalty/index';
import type { AuditChange } from '../staff/index';
import { createStaticPageAdminService, fillPageFigures, type PageFigures } from '../../static-pages/index';

/** Writes the change's audit entry in its transaction (the routes bind it to the request's member of staff). */
export type Audit = (tx: Database, change: AuditChange) => Promise<void>;

export const CONTENT_MESSAGES = {
  codeTaken: 'Another discount code is already written this way.',
  codeCreated: 'Discount code created.',
  codeDisabled: 'Discount code disabled.',
  pageSaved: 'Page saved.',
  slugTaken: 'Another job advert has this slug.',
  jobCreated: 'Job advert created.',
  jobSaved: 'Job advert saved.',
  jobUnpublished: 'Job advert taken off the shop.',
  jobDeleted: 'Job advert deleted.',
  jobHasApplications: 'This advert has applications: take it off the shop instead.',
  loyaltySaved: 'Loyalty levels and texts saved.',
} as const;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function codeRecord(row: DiscountCodeWithUse, now: Date): DiscountCodeRecord {
  return {
    id: row.id,
    code: row.code,
    display_name: row.displayName,
    kind: row.kind,
    value: row.value,
    valid_from: iso(row.validFrom),
    valid_to: iso(row.validTo),
    usage_limit: row.usageLimit,
    minimum_basket: row.minimumBasket,
    times_used: row.timesUsed,
    state: discountCodeState(row, { now, timesUsed: row.timesUsed }),
    created_at: row.createdAt.toISOString(),
  };
}

function jobRecord(row: JobAdvertRow, now: Date): JobRecord {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    purpose: row.purpose,
    description: row.description,
    how_to_apply: row.howToApply,
    salary: row.salary ?? '',
    salary_from: row.salaryFrom,
    salary_to: row.salaryTo,
    working_hours: row.workingHours,
    working_pattern: row.workingPattern,
    category_id: row.categoryId,
    location_id: row.locationId,
    sector_id: row.sectorId,
    featured: row.featured,
    expires_on: calendarDateOf(row.expiresAt),
    expires_at: iso(row.expiresAt),
    state: row.expiresAt && row.expiresAt <= now ? 'expired' : 'open',
    created_at: row.createdAt.toISOString(),
    applications: row.applications,
  };
}

function jobValues(form: JobForm) {
  return {
    title: form.title,
    slug: form.slug,
    purpose: form.purpose,
    description: form.description,
    howToApply: form.how_to_apply,
    salary: form.salary === '' ? null : form.salary,
    salaryFrom: form.salary_from,
    salaryTo: form.salary_to,
    workingHours: form.working_hours,
    workingPattern: form.working_pattern,
    categoryId: form.category_id,
    locationId: form.location_id,
    sectorId: form.sector_id,
    featured: form.featured,
    expiresAt: jobExpiry(form.expires_on),
  };
}

/** The foreign keys a job form names, each checked so a bad choice is a 422 on its field, not a 500. */
async function checkJobChoices(repository: ReturnType<typeof createJobAdminService>, form: JobForm): Promise<void> {
  const [categories, locations, sectors] = await Promise.all([repository.categories(), repository.locations(), repository.sectors()]);
  if (!categories.some((c) => c.id === form.category_id)) throw invalidField('category_id', 'Choose a category.');
  if (!locations.some((l) => l.id === form.location_id)) throw invalidField('location_id', 'Choose a location.');
  if (!sectors.some((s) => s.id === form.sector_id)) throw invalidField('sector_id', 'Choose whom the role reports to.');
}

const LOYALTY_TEXT_TITLES = { top: 'Loyalty discounts: above the levels', bottom: 'Loyalty discounts: below the levels' } as const;

async function loyaltySettings(tx: Database): Promise<LoyaltySettings> {
  const repository = createLoyaltyAdminService(tx);
  const [levels, texts] = await Promise.all([repository.thresholds(), repository.texts([LOYALTY_TEXT_SLUGS.top, LOYALTY_TEXT_SLUGS.bottom])]);
  const text = (slug: string) => {
    const row = texts.find((t) => t.slug === slug);
    return row ? (row.markdown ?? row.content) : '';
  };
  return {
    levels: levels.map((level) => ({ id: level.id, name: level.name, color: level.color, icon: level.icon, discount: level.discount, amount_from: level.amountFrom, amount_to: level.amountTo })),
    top_text: text(LOYALTY_TEXT_SLUGS.top),
    bottom_text: text(LOYALTY_TEXT_SLUGS.bottom),
  };
}

export function createContentService({ db, now, figures }: { db: Database; now: () => Date; figures: PageFigures }) {
  function pageRecord(row: { slug: string; title: string; content: string; markdown: string | null }): StaticPageRecord {
    return { slug: row.slug as StaticPageSlug, title: row.title, body: row.markdown ?? row.content, html: fillPageFigures(row.content, figures) };
  }

  async function codeById(tx: Database, id: number): Promise<DiscountCodeRecord> {
    const row = await createDiscountCodeService(tx).byId(id);
    if (!row) throw notFound();
    return codeRecord(row, now());
  }

  async function jobById(tx: Database, id: number): Promise<JobRecord> {
    const row = await createJobAdminService(tx).byId(id);
    if (!row) throw notFound();
    return jobRecord(row, now());
  }

  return {
    // --- discount codes

    async discountCodes(): Promise<DiscountCodeRecord[]> {
      const at = now();
      return (await createDiscountCodeService(db).list()).map((row) => codeRecord(row, at));
    },

    async createDiscountCode(form: DiscountCodeForm, audit: Audit): Promise<DiscountCodeRecord> {
      return db.transaction(async (tx) => {
        const id = await createDiscountCodeService(tx).insert({
          code: discountCodeStored(form.code),
          displayName: form.display_name,
          kind: form.kind,
          value: form.value,
          ...discountCodeValidity(form),
          usageLimit: form.usage_limit,
          minimumBasket: form.minimum_basket,
          createdAt: now(),
        });
        if (id === null) throw invalidField('code', CONTENT_MESSAGES.codeTaken);
        const record = await codeById(tx, id);
        await audit(tx, { action: 'discount-code.create', entity: 'discount-code', entityId: String(id), before: null, after: record });
        return record;
      });
    },

    async disableDiscountCode(id: number, audit: Audit): Promise<DiscountCodeRecord> {
      return db.transaction(async (tx) => {
        const repository = createDiscountCodeService(tx);
        if (!(await repository.lock(id))) throw notFound();
        const before = await codeById(tx, id);
        const at = now();
        // It ends just before this instant, so a cart priced at this instant already refuses it. Already
        // ended: its end stays where it was (disabling again changes nothing but is recorded).
        if (!before.valid_to || new Date(before.valid_to) >= at) await repository.endValidity(id, new Date(at.getTime() - 1));
        const after = await codeById(tx, id);
        await audit(tx, { action: 'discount-code.disable', entity: 'discount-code', entityId: String(id), before, after });
        return after;
      });
    },

    // --- static pages

    async pages(): Promise<{ slug: StaticPageSlug; title: string }[]> {
      const rows = await createStaticPageAdminService(db).manyForEditing(STATIC_PAGE_SLUGS);
      const bySlug = new Map(rows.map((row) => [row.slug, row]));
      // In the list's order; a page the shop has not written yet is not offered.
      return STATIC_PAGE_SLUGS.flatMap((slug) => {
        const row = bySlug.get(slug);
        return row ? [{ slug, title: row.title }] : [];
      });
    },

    async page(slug: StaticPageSlug): Promise<StaticPageRecord> {
      const [row] = await createStaticPageAdminService(db).manyForEditing([slug]);
      if (!row) throw notFound();
      return pageRecord(row);
    },

    async savePage(slug: StaticPageSlug, form: StaticPageForm, audit: Audit): Promise<StaticPageRecord> {
      return db.transaction(async (tx) => {
        const repository = createStaticPageAdminService(tx);
        const row = await repository.lockForEditing(slug);
        if (!row) throw notFound();
        const before = pageRecord(row);
        // The same renderer and sanitiser as articles and job adverts: no script survives, whoever writes.
        const saved = { title: form.title, content: renderMarkdown(form.body), markdown: form.body };
        await repository.save(slug, saved);
        const after = pageRecord({ slug, ...saved });
        await audit(tx, { action: 'page.edit', entity: 'page', entityId: slug, before: { title: before.title, body: before.body }, after: { title: after.title, body: after.body } });
        return after;
      });
    },

    // --- loyalty levels and texts

    loyalty: (): Promise<LoyaltySettings> => loyaltySettings(db),

    async saveLoyalty(form: LoyaltyForm, audit: Audit): Promise<LoyaltySettings> {
      return db.transaction(async (tx) => {
        const repository = createLoyaltyAdminService(tx);
        await repository.lockTexts([LOYALTY_TEXT_SLUGS.top, LOYALTY_TEXT_SLUGS.bottom]);
        const before = await loyaltySettings(tx);
        // The cart and the loyalty page read the whole table, lowest first: the levels are replaced together.
        await repository.replaceThresholds(
          loyaltyThresholds(form.levels).map((level) => ({ id: level.id, name: level.name, color: level.color, icon: level.icon, discount: level.discount, amountFrom: level.amount_from, amountTo: level.amount_to })),
        );
        await repository.saveText(LOYALTY_TEXT_SLUGS.top, LOYALTY_TEXT_TITLES.top, { content: renderMarkdown(form.top_text), markdown: form.top_text });
        await repository.saveText(LOYALTY_TEXT_SLUGS.bottom, LOYALTY_TEXT_TITLES.bottom, { content: renderMarkdown(form.bottom_text), markdown: form.bottom_text });
        const after = await loyaltySettings(tx);
        await audit(tx, { action: 'loyalty.edit', entity: 'loyalty', entityId: null, before, after });
        return after;
      });
    },

    // --- job adverts

    async jobs() {
      const repository = createJobAdminService(db);
      const at = now();
      const [rows, categories, locations, sectors] = await Promise.all([repository.list(), repository.categories(), repository.locations(), repository.sectors()]);
      return { records: rows.map((row) => jobRecord(row, at)), categories, locations, sectors };
    },

    async createJob(form: JobForm, audit: Audit): Promise<JobRecord> {
      return db.transaction(async (tx) => {
        const repository = createJobAdminService(tx);
        await checkJobChoices(repository, form);
        const id = await repository.insert({ ...jobValues(form), createdAt: now() });
        if (id === null) throw invalidField('slug', CONTENT_MESSAGES.slugTaken);
        const record = await jobById(tx, id);
        await audit(tx, { action: 'job.create', entity: 'job', entityId: String(id), before: null, after: record });
        return record;
      });
    },

    async saveJob(id: number, form: JobForm, audit: Audit): Promise<JobRecord> {
      return db.transaction(async (tx) => {
        const repository = createJobAdminService(tx);
        if (!(await repository.lock(id))) throw notFound();
        await checkJobChoices(repository, form);
        const holder = await repository.idOfSlug(form.slug);
        if (holder !== null && holder !== id) throw invalidField('slug', CONTENT_MESSAGES.slugTaken);
        const before = await jobById(tx, id);
        await repository.update(id, jobValues(form));
        const after = await jobById(tx, id);
        await audit(tx, { action: 'job.edit', entity: 'job', entityId: String(id), before, after });
        return after;
      });
    },

    async unpublishJob(id: number, audit: Audit): Promise<JobRecord> {
      return db.transaction(async (tx) => {
        const repository = createJobAdminService(tx);
        const row = await repository.lock(id);
        if (!row) throw notFound();
        const before = await jobById(tx, id);
        const at = now();
        if (!row.expiresAt || row.expiresAt > at) await repository.update(id, { expiresAt: at });
        const after = await jobById(tx, id);
        await audit(tx, { action: 'job.unpublish', entity: 'job', entityId: String(id), before, after });
        return after;
      });
    },

    async deleteJob(id: number, audit: Audit): Promise<void> {
      await db.transaction(async (tx) => {
        const repository = createJobAdminService(tx);
        if (!(await repository.lock(id))) throw notFound();
        const before = await jobById(tx, id);
        // Applications hold CVs people sent: an advert with any is taken off the shop, never deleted with them.
        if (before.applications > 0) throw invalidField('id', CONTENT_MESSAGES.jobHasApplications);
        await repository.delete(id);
        await audit(tx, { action: 'job.delete', entity: 'job', entityId: String(id), before, after: null });
      });
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
