/**
 * Rows the back office's content calls work on, for the API tests and the permission matrix (a
 * static page, the job form's choices, an advert, a discount code and the forms' bodies, each made
 * afresh.
 */
import type { JobForm } from '../../src/domain/admin-content';
import { ORDER_STATUS } from '../../src/domain/orders';
import type { Database } from '../db/client';
import { buyerReviews, contentPages, discountCodes, jobApplications, jobCategories, jobLocations, jobs, jobSectors } from '../db/schema';
import { seedOrder } from './sales';

let made = 0;

/** The about page as the shop wrote it (HTML), unless it is there already. */
export async function aboutPage(db: Database): Promise<void> {
  await db.insert(contentPages).values({ slug: 'about', title: 'About us', content: '<p>We sell used parts.</p>' }).onConflictDoNothing();
}

/** A category, a location and a sector for job forms (the first of each, made when missing). */
export async function jobChoices(db: Database): Promise<{ category_id: number; location_id: number; sector_id: number }> {
  await db.insert(jobCategories).values({ slug: 'warehouse', name: 'Warehouse' }).onConflictDoNothing();
  await db.insert(jobLocations).values({ name: 'Leeds' }).onConflictDoNothing();
  await db.insert(jobSectors).values({ name: 'Warehouse manager' }).onConflictDoNothing();
  const [category] = await db.select({ id: jobCategories.id }).from(jobCategories).limit(1);
  const [location] = await db.select({ id: jobLocations.id }).from(jobLocations).limit(1);
  const [sector] = await db.select({ id: jobSectors.id }).from(jobSectors).limit(1);
  if (!category || !location || !sector) throw new Error('job choices were not made');
  return { category_id: category.id, location_id: location.id, sector_id: sector.id };
}

/** A valid job form with a new slug. */
export async function jobForm(db: Database, changes: Partial<JobForm> = {}): Promise<JobForm> {
  made += 1;
  return {
    title: `Parts picker ${made}`,
    slug: `parts-picker-${made}`,
    purpose: 'Pick and pack the parts customers order.',
    description: '## The role\n\nPick parts from the racks and pack them **safely**.',
    how_to_apply: 'Send your CV with the form below.',
    salary: '£24,000 a year',
    salary_from: 24000,
    salary_to: 26000,
    working_hours: '40 hours a week',
    working_pattern: 'Monday to Friday',
    ...(await jobChoices(db)),
    featured: false,
    expires_on: '',
    ...changes,
  };
}

/** An advert stored directly; answers its id. */
export async function storedJob(db: Database, at: Date): Promise<number> {
  const form = await jobForm(db);
  const [row] = await db
    .insert(jobs)
    .values({
      slug: form.slug,
      title: form.title,
      purpose: form.purpose,
      description: form.description,
      howToApply: form.how_to_apply,
      workingHours: form.working_hours,
      workingPattern: form.working_pattern,
      categoryId: form.category_id,
      locationId: form.location_id,
      sectorId: form.sector_id,
      createdAt: at,
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error('the advert was not stored');
  return row.id;
}

/** An application stored directly (its CV a stand-in: nothing reads it as a PDF) on a new advert, or on `jobId`; answers its id. */
export async function storedApplication(db: Database, at: Date, { jobId, cv = Buffer.from('%PDF-1.4\n') }: { jobId?: number; cv?: Buffer } = {}): Promise<number> {
  made += 1;
  const [row] = await db
    .insert(jobApplications)
    .values({
      jobId: jobId ?? (await storedJob(db, at)),
      name: `Applicant ${made}`,
      email: `applicant${made}@example.co.uk`,
      phone: '07700 900123',
      message: 'I have five years in a breaker’s yard.',
      cvFilename: `applicant-${made}.pdf`,
      cvContentType: 'application/pdf',
      cvSize: cv.length,
      cvData: cv,
      createdAt: at,
    })
    .returning({ id: jobApplications.id });
  if (!row) throw new Error('the application was not stored');
  return row.id;
}

/** A code stored directly; answers its id. */
export async function storedDiscountCode(db: Database): Promise<number> {
  made += 1;
  const [row] = await db.insert(discountCodes).values({ code: `STORED${made}`, displayName: 'Stored', kind: 'PERCENT', value: 5 }).returning({ id: discountCodes.id });
  if (!row) throw new Error('the code was not stored');
  return row.id;
}

/** A valid discount code form with a new code. */
export function discountCodeForm(changes: Record<string, unknown> = {}): Record<string, unknown> {
  made += 1;
  return { code: `SPRING${made}`, display_name: 'Spring sale', kind: 'PERCENT', value: 10, valid_from: '', valid_to: '', usage_limit: null, minimum_basket: null, ...changes };
}

/** A valid loyalty form: three levels and both texts. */
export function loyaltyForm(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    levels: [
      { name: 'Bronze', color: '#b07340', icon: 'medal-bronze', discount: 0, amount_from: 0 },
      { name: 'Silver', color: 'rgba(142, 148, 155, 1)', icon: 'medal-silver', discount: 3, amount_from: 40000 },
      { name: 'Gold', color: '#c9a227', icon: 'medal-gold', discount: 6.5, amount_from: 150000 },
    ],
    top_text: '## Spend more, save more\n\nEvery paid order counts.',
    bottom_text: 'The discount comes off the parts.',
    ...changes,
  };
}

/** A buyer's review waiting for moderation, of a line of a delivered order made for it. */
export async function storedReview(db: Database, at: Date): Promise<number> {
  const order = await seedOrder(db, { status: ORDER_STATUS.DELIVERED, at });
  const [row] = await db
    .insert(buyerReviews)
    .values({ orderProductId: order.lineId, memberId: order.memberId, partId: 1, partTypeId: null, rate: 5, title: 'As described', content: 'Fitted and working.', createdAt: at })
    .returning({ id: buyerReviews.id });
  if (!row) throw new Error('no review');
  return row.id;
}
