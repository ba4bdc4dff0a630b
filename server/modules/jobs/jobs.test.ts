// api-suite: both engines (keyword search with ILIKE: case folding of the engines' collations)
/**
 * The jobs section against the seeded adverts (server/seed/data/jobs.json): 3 a page, SPEC §9's
 * created sort as labelled, the category, location and keyword filters, expired adverts leaving
 * the lists as the shop's clock passes their expiry, the featured block, one job's page, and the
 * CV application: PDF and Word read from their bytes, a disguised or oversized file refused with
 * nothing stored or mailed.
 */
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { featuredJobs, getJob, listJobCategories, listJobLocations, listJobs, type Job } from '../../../src/contract/jobs';
import { jobApplications, jobs, mailOutbox } from '../../db/schema';
import { startVisit } from '../../test/app';
import { applyForJob as apply, contentApp, expectFailure, getJson } from '../../test/content';
import { docCv, docxCv, pdfCv, polyglotCv, zip } from '../../test/cv-files';
import { testDatabase } from '../../test/database';

const DAY = 24 * 60 * 60 * 1000;

async function list(app: FastifyInstance, query = '') {
  const response = await getJson(app, `/jobs/list.json${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return listJobs.response.parse(response.json());
}
const slugs = (items: readonly Job[]) => items.map((job) => job.slug);

async function idOf(slug: string): Promise<number> {
  const { db } = await testDatabase();
  const [row] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.slug, slug));
  if (!row) throw new Error(`no job ${slug}`);
  return row.id;
}

describe('GET /web-api/jobs/list.json', () => {
  it('lists the open jobs 3 a page, newest first by default; the expired adverts are not there', async () => {
    const { app } = await contentApp();
    const first = await list(app);
    expect(first.paginator).toEqual({ count: 10, perPage: 3, limit: 3, pageCount: 4, sort: 'created', direction: 'DESC', page: 1, requestedPage: 1 });
    expect(slugs(first.items)).toEqual(['customer-service-adviser', 'parts-picker-packer-coventry', 'vehicle-dismantler-birmingham']);
    expect(first.msg).toBe('');

    const all: Job[] = [];
    for (let page = 1; page <= 4; page += 1) all.push(...(await list(app, `?page=${page}`)).items);
    expect(all).toHaveLength(10);
    expect(new Set(slugs(all)).size).toBe(10);
    expect(slugs(all)).not.toContain('depollution-operative-tamworth');
    expect(slugs(all)).not.toContain('hgv-class-2-driver');
    const created = all.map((job) => Date.parse(job.created));
    expect(created).toEqual([...created].sort((a, b) => b - a));

    // A page past the end: no items, the 'no jobs' text, and the page asked for echoed.
    const past = await list(app, '?page=5');
    expect(past.items).toEqual([]);
    expect(past.msg).toBe('There are no jobs at the moment.');
    expect(past.paginator).toMatchObject({ page: 4, requestedPage: 5, pageCount: 4 });
  });

  it("sorts as SPEC §9 labels it: 'Most recent' is created ascending (ASC), 'Oldest first' created descending (DESC)", async () => {
    const { app } = await contentApp();
    const ascending = await list(app, '?sort=created&direction=ASC');
    expect(slugs(ascending.items)).toEqual(['trade-account-manager', 'trade-counter-assistant', 'apprentice-vehicle-technician']);
    expect(ascending.paginator.direction).toBe('ASC');
    expect(slugs((await list(app, '?direction=desc')).items)).toEqual(slugs((await list(app)).items));
    expectFailure(await getJson(app, '/jobs/list.json?direction=sideways'), 422);
    expect(expectFailure(await getJson(app, '/jobs/list.json?sort=salary'), 422).errors).toHaveProperty('sort');
  });

  it('filters by category, location and keyword (every word, title or description, any case), alone and together', async () => {
    const { app } = await contentApp();
    const categories = listJobCategories.response.parse((await getJson(app, '/job-categories/list.json')).json()).items;
    const locations = listJobLocations.response.parse((await getJson(app, '/jobs/locations.json')).json()).data;
    const category = (slug: string) => categories.find((c) => c.slug === slug)?.id ?? 0;
    const location = (name: string) => locations.find((l) => l.name === name)?.id ?? 0;

    const workshop = await list(app, `?category=${category('workshop-and-dismantling')}`);
    expect(workshop.paginator.count).toBe(3);
    expect(slugs(workshop.items)).toEqual(['vehicle-dismantler-birmingham', 'workshop-technician-parts-testing', 'apprentice-vehicle-technician']);
    expect(workshop.items.every((job) => job.job_category.name === 'Workshop and dismantling')).toBe(true);

    const coventry = await list(app, `?location=${location('Coventry')}`);
    expect(slugs(coventry.items)).toEqual(['parts-picker-packer-coventry', 'parts-photographer-and-lister', 'warehouse-team-leader-nights']);
    expect(coventry.items.every((job) => job.location === 'Coventry' && job.location_id === location('Coventry'))).toBe(true);

    expect(slugs((await list(app, '?keyword=forklift')).items)).toEqual(['parts-picker-packer-coventry', 'warehouse-team-leader-nights', 'trade-counter-assistant']);
    expect(slugs((await list(app, `?keyword=forklift&location=${location('Coventry')}`)).items)).toEqual(['parts-picker-packer-coventry', 'warehouse-team-leader-nights']);
    // 'DRIVER' is in one open advert's title; the HGV driver's advert has expired.
    expect(slugs((await list(app, '?keyword=%20DRIVER%20')).items)).toEqual(['van-delivery-driver-birmingham']);
    // Every word must match: 'van' and 'licence' together, not either.
    expect(slugs((await list(app, '?keyword=van+licence')).items)).toEqual(['van-delivery-driver-birmingham']);
    expect(slugs((await list(app, `?category=${category('warehouse-and-driving')}&location=${location('Birmingham')}`)).items)).toEqual(['van-delivery-driver-birmingham']);
    // LIKE's own characters are taken literally; 0 is 'all'.
    expect((await list(app, '?keyword=%25')).items).toEqual([]);
    expect((await list(app, '?category=0&location=0')).paginator.count).toBe(10);
    // An unknown category is an empty list, not an error.
    const none = await list(app, '?category=9999');
    expect(none.items).toEqual([]);
    expect(none.msg).toBe('There are no jobs at the moment.');

    expect(expectFailure(await getJson(app, `/jobs/list.json?keyword=${'x'.repeat(101)}`), 422).errors).toHaveProperty('keyword');
    expect(expectFailure(await getJson(app, '/jobs/list.json?category=abc'), 422).errors).toHaveProperty('category');
    expect(expectFailure(await getJson(app, '/jobs/list.json?page=0'), 422).errors).toHaveProperty('page');
  });

  it('drops a job from every list once the clock passes its expiry', async () => {
    const { app, clock } = await contentApp();
    const adviser = await idOf('customer-service-adviser');
    expect(slugs((await list(app)).items)[0]).toBe('customer-service-adviser');
    expect((await getJson(app, `/jobs/get/${adviser}.json`)).statusCode).toBe(200);

    // The adviser's advert expires 21 days after the seed.
    clock.advance(21 * DAY + 1000);
    const after = await list(app);
    expect(after.paginator.count).toBe(9);
    expect(slugs(after.items)).not.toContain('customer-service-adviser');
    expect(expectFailure(await getJson(app, `/jobs/get/${adviser}.json`), 404).msg).toBe('This job is no longer open.');
    const categories = listJobCategories.response.parse((await getJson(app, '/job-categories/list.json')).json()).items;
    expect(categories.find((c) => c.slug === 'customer-service-and-sales')?.count).toBe(2);
  });
});

describe('the featured block, categories and locations', () => {
  it('features at most 3 open featured jobs, newest first; an expired one gives way to the next', async () => {
    const { app, clock } = await contentApp();
    const featured = featuredJobs.response.parse((await getJson(app, '/jobs/featured.json')).json());
    expect(slugs(featured.items)).toEqual(['customer-service-adviser', 'vehicle-dismantler-birmingham', 'van-delivery-driver-birmingham']);
    expect(featured.items.every((job) => job.featured)).toBe(true);
    expect(featured.msg).toBe('');

    clock.advance(22 * DAY);
    expect(slugs(featuredJobs.response.parse((await getJson(app, '/jobs/featured.json')).json()).items)).toEqual([
      'vehicle-dismantler-birmingham',
      'van-delivery-driver-birmingham',
      'parts-photographer-and-lister',
    ]);
  });

  it('lists the categories by name with their open jobs counted, and the locations by name, without a session', async () => {
    const { app } = await contentApp();
    const response = await getJson(app, '/job-categories/list.json');
    expect(response.cookies).toEqual([]);
    expect(listJobCategories.response.parse(response.json()).items.map(({ name, count: open }) => [name, open])).toEqual([
      ['Customer service and sales', 3],
      ['Office and digital', 1],
      ['Warehouse and driving', 3],
      ['Workshop and dismantling', 3],
    ]);
    expect(listJobLocations.response.parse((await getJson(app, '/jobs/locations.json')).json()).data.map((l) => l.name)).toEqual([
      'Birmingham',
      'Coventry',
      'Home-based (UK)',
      'Tamworth',
      'Wolverhampton',
    ]);
  });
});

describe('GET /web-api/jobs/get/{id}.json', () => {
  it('answers the whole advert as sanitised HTML with how to apply, and the card fields of SPEC §3', async () => {
    const { app } = await contentApp();
    const job = getJob.response.parse((await getJson(app, `/jobs/get/${await idOf('vehicle-dismantler-birmingham')}.json`)).json()).job;
    expect(job).toMatchObject({
      title: 'Vehicle Dismantler',
      location: 'Birmingham',
      salary: '£25,500 – £28,000 a year',
      salary_from: 25500,
      salary_to: 28000,
      working_hours: '40 hours a week',
      working_pattern: 'Monday to Friday, 7:30am – 4:00pm',
      job_sector: { name: 'Workshop Manager' },
      job_category: { name: 'Workshop and dismantling' },
      created: '2026-11-22T10:00:00.000Z',
      pretty_created: '3 days ago',
      featured: true,
    });
    expect(job.description_html).toContain('<h3>What you will do</h3>');
    expect(job.description_html).toContain('<strong>vehicle dismantler</strong>');
    expect(job.how_to_apply).toContain('<strong>0121 496 0732</strong>');
    // The card's text is plain, cut at a word.
    expect(job.description).not.toMatch(/[<>*#]/);
    expect(job.description.length).toBeLessThanOrEqual(300);

    const apprentice = getJob.response.parse((await getJson(app, `/jobs/get/${await idOf('apprentice-vehicle-technician')}.json`)).json()).job;
    expect(apprentice).toMatchObject({ salary: null, salary_from: null, salary_to: null, expires: expect.any(String) });
  });

  it('answers 404 for an unknown or expired job, 422 for an id that is not one', async () => {
    const { app } = await contentApp();
    expect(expectFailure(await getJson(app, '/jobs/get/99999.json'), 404).msg).toBe('This job is no longer open.');
    expectFailure(await getJson(app, `/jobs/get/${await idOf('depollution-operative-tamworth')}.json`), 404);
    expect(expectFailure(await getJson(app, '/jobs/get/abc.json'), 422).errors).toHaveProperty('id');
  });
});

// -------------------------------------------------------------------------------------------------
// Applications

const FORM = { name: 'Jo Bloggs', email: 'jo.bloggs@example.co.uk', phone: '07700 900123', message: 'I have five years in a breaker’s yard in Walsall.' };

async function stored() {
  const { db } = await testDatabase();
  const [applications] = await db.select({ total: count() }).from(jobApplications);
  const [mails] = await db.select({ total: count() }).from(mailOutbox);
  return { applications: applications?.total ?? 0, mails: mails?.total ?? 0 };
}

describe('POST /web-api/jobs/apply/{id}.json', () => {
  it('stores a PDF CV with the application and mails the shop, in one go', async () => {
    const { app } = await contentApp();
    const jobId = await idOf('vehicle-dismantler-birmingham');
    const cv = await pdfCv('Jo Bloggs — Curriculum Vitae', 40_000);
    const response = await apply(app, jobId, FORM, [{ name: 'Jo Bloggs CV.pdf', bytes: cv, type: 'application/octet-stream' }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, msg: expect.stringContaining('Vehicle Dismantler') });

    const { db } = await testDatabase();
    const [row] = await db.select().from(jobApplications);
    expect(row).toMatchObject({ jobId, name: 'Jo Bloggs', email: 'jo.bloggs@example.co.uk', phone: '07700 900123', message: FORM.message, cvFilename: 'Jo Bloggs CV.pdf', cvContentType: 'application/pdf', cvSize: cv.length });
    expect(row?.cvData.equals(cv)).toBe(true);
    const mails = await db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'parts@partsfinder.invalid', subject: expect.stringContaining('Vehicle Dismantler (Birmingham) from Jo Bloggs') });
    expect(mails[0]?.text).toContain('jo.bloggs@example.co.uk');
    expect(mails[0]?.text).toContain(`CV: Jo Bloggs CV.pdf (PDF, 39 KB), kept with application ${row?.id}`);
  });

  it('takes Word CVs by their bytes: a .docx (a zip with word/document.xml) and a legacy .doc, whatever they are called', async () => {
    const { app } = await contentApp();
    const jobId = await idOf('customer-service-adviser');
    expect((await apply(app, jobId, FORM, [{ name: 'cv.docx', bytes: docxCv() }])).statusCode).toBe(200);
    expect((await apply(app, jobId, FORM, [{ name: 'old-cv', bytes: docCv() }])).statusCode).toBe(200);
    const { db } = await testDatabase();
    const rows = await db.select({ name: jobApplications.cvFilename, type: jobApplications.cvContentType }).from(jobApplications).orderBy(jobApplications.id);
    expect(rows).toEqual([
      { name: 'cv.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
      { name: 'old-cv.doc', type: 'application/msword' },
    ]);
  });

  it('refuses a text file named .pdf, a zip that is not a Word document, a 6 MB file and no CV with 422 naming cv, storing and mailing nothing', async () => {
    const { app } = await contentApp();
    const jobId = await idOf('vehicle-dismantler-birmingham');

    const text = await apply(app, jobId, FORM, [{ name: 'cv.pdf', bytes: Buffer.from('Jo Bloggs, 12 High Street, Walsall. Experience: 5 years.\n'), type: 'application/pdf' }]);
    expect(expectFailure(text, 422).errors).toEqual({ cv: ['Your CV must be a PDF or Word document.'] });

    const notWord = await apply(app, jobId, FORM, [{ name: 'cv.docx', bytes: zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' }) }]);
    expect(expectFailure(notWord, 422).errors).toEqual({ cv: ['Your CV must be a PDF or Word document.'] });

    const large = await apply(app, jobId, FORM, [{ name: 'cv.pdf', bytes: await pdfCv('Jo Bloggs', 6 * 1024 * 1024) }]);
    expect(expectFailure(large, 422).errors).toEqual({ cv: ['Your CV must be 5 MB or smaller.'] });

    expect(expectFailure(await apply(app, jobId, FORM, []), 422).errors).toEqual({ cv: ['Please attach your CV.'] });
    expect(await stored()).toEqual({ applications: 0, mails: 0 });
  });

  it('refuses a file that only starts like a PDF or Word document (a PDF header before an HTML page) unless it parses as one, naming cv', async () => {
    const { app } = await contentApp();
    const jobId = await idOf('vehicle-dismantler-birmingham');
    const unreadable = 'Your CV could not be read: it starts like a PDF or Word document but is not one. Please save it again as a PDF or Word document and attach that.';
    const real = await pdfCv();
    const refused: { name: string; bytes: Buffer }[] = [
      { name: 'cv.pdf', bytes: polyglotCv() },
      { name: 'cv.pdf', bytes: real.subarray(0, Math.floor(real.length / 2)) },
      { name: 'cv.docx', bytes: docxCv('Jo', '<html><body>Jo Bloggs</body></html>') },
      { name: 'cv.doc', bytes: docCv({ signature: false }) },
    ];
    for (const file of refused) {
      const response = await apply(app, jobId, FORM, [file]);
      expect(expectFailure(response, 422).errors, file.name).toEqual({ cv: [unreadable] });
    }
    expect(await stored()).toEqual({ applications: 0, mails: 0 });
    // The same person's real PDF goes through.
    expect((await apply(app, jobId, FORM, [{ name: 'cv.pdf', bytes: real }])).statusCode).toBe(200);
  });

  it('names every wrong field at once, and stores nothing', async () => {
    const { app } = await contentApp();
    const jobId = await idOf('vehicle-dismantler-birmingham');
    const response = await apply(app, jobId, { name: ' ', email: 'jo@', phone: 'call me', message: 'x'.repeat(4001) }, [{ name: 'cv.pdf', bytes: await pdfCv() }]);
    expect(Object.keys(expectFailure(response, 422).errors ?? {}).sort()).toEqual(['email', 'message', 'name', 'phone']);
    const controls = await apply(app, jobId, { ...FORM, name: 'Jo\u0000Bloggs', message: 'Dear team,\r\n\tI would like\u0000 to apply.' }, [{ name: 'cv.pdf', bytes: await pdfCv() }]);
    // The shared text rule's one message per field (tabs and line breaks are fine in the message).
    const refused = 'This field contains characters that cannot be used (control characters).';
    expect(expectFailure(controls, 422).errors).toEqual({ name: [refused], message: [refused] });
    const notMultipart = await startVisit(app).then((visit) =>
      app.inject({ method: 'POST', url: `/web-api/jobs/apply/${jobId}.json`, headers: { cookie: visit.cookie, 'x-csrf-token': visit.csrfToken, 'content-type': 'application/json' }, payload: JSON.stringify(FORM) }),
    );
    expect(expectFailure(notMultipart, 422).errors).toHaveProperty('cv');
    expect(await stored()).toEqual({ applications: 0, mails: 0 });
  });

  it('answers 404 for an expired or unknown job and 403 without the CSRF token, storing nothing', async () => {
    const { app } = await contentApp();
    expectFailure(await apply(app, await idOf('hgv-class-2-driver'), FORM, [{ name: 'cv.pdf', bytes: await pdfCv() }]), 404);
    expectFailure(await apply(app, 99_999, FORM, [{ name: 'cv.pdf', bytes: await pdfCv() }]), 404);
    expectFailure(await apply(app, await idOf('vehicle-dismantler-birmingham'), FORM, [{ name: 'cv.pdf', bytes: await pdfCv() }], { csrf: false }), 403);
    expect(await stored()).toEqual({ applications: 0, mails: 0 });
  });
});
