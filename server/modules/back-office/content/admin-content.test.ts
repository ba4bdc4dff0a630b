/**
 * The back office's content calls as staff use them: discount codes, static pages and job
 * adverts created, edited and withdrawn, each change with one audit entry (before and after), bad
 * input refused with 422 naming the field, a taken code or slug refused on its field, and the
 * storefront's own calls showing every change on their next request.
 */
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminDiscountCodeList, adminJobList, adminLoyalty, adminStaticPage } from '../../../../src/contract/admin-content';
import { t } from '../../../../src/domain/messages';
import '../../../../src/domain/messages-more';
import { auditLog, jobApplications } from '../../../db/schema';
import { expectOk, PARTS, shopApp, shopper, useCheckoutData } from '../../../test/checkout';
import { testDatabase } from '../../../test/database';
import { addOwner, addStaff, enrolAndSignIn, type StaffBrowser, testClock } from '../../../test/staff';
import { aboutPage, discountCodeForm, jobForm, loyaltyForm } from '../../../test/admin-content';

useCheckoutData();

let people = 0;

/** The shop's app on the seeded data, a content user signed in (made by an owner), and the clock. */
async function contentDesk() {
  const clock = testClock();
  const app = await shopApp({ clock: clock.now, env: { RATE_LIMIT_SIGN_IN_MAX: '1000' } });
  const { db } = await testDatabase();
  people += 1;
  const ownerEmail = `owner${people}@example.com`;
  await addOwner(db, clock, ownerEmail);
  const owner = (await enrolAndSignIn(app, clock, ownerEmail)).browser;
  const email = `content${people}@example.com`;
  await addStaff(owner, 'content', email);
  const staff = (await enrolAndSignIn(app, clock, email)).browser;
  return { app, db, clock, staff };
}

async function lastAudit() {
  const { db } = await testDatabase();
  const [entry] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return entry;
}

async function ok(response: Promise<{ statusCode: number; body: string; json: () => unknown }>) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { record: { id: number } & Record<string, unknown>; records: unknown[]; settings: Record<string, unknown> };
}

function fieldErrors(response: { statusCode: number; body: string; json: () => unknown }): Record<string, string[]> {
  expect(response.statusCode, response.body).toBe(422);
  const body = response.json() as { success: boolean; errors: Record<string, string[]> };
  expect(body.success).toBe(false);
  return body.errors;
}

const list = async (staff: StaffBrowser) => adminDiscountCodeList.response.parse((await staff.get('/web-api/admin/discount-codes/list.json')).json()).records;

describe('discount codes in the back office', () => {
  async function cartWithPostcode(app: Awaited<ReturnType<typeof shopApp>>) {
    const buyer = await shopper(app);
    await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: PARTS.alternator } }));
    await expectOk(buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: 1, region_postcode: 'LS1 4AP', delivery_id: 2 }));
    return buyer;
  }

  it('creates a code that a cart takes at once, lists it with its use, and disables it so carts refuse it', async () => {
    const { app, staff } = await contentDesk();
    const created = await ok(staff.post('/web-api/admin/discount-codes/create', discountCodeForm({ code: 'spring-15', display_name: '15% off', value: 15, valid_to: '2026-03-31', usage_limit: 50, minimum_basket: 5000 })));
    expect(created.record).toMatchObject({ code: 'SPRING-15', kind: 'PERCENT', value: 15, usage_limit: 50, minimum_basket: 5000, times_used: 0, state: 'active', valid_from: null });
    // The end of the last day, London time (GMT in March until the 29th; BST after).
    expect(created.record).toMatchObject({ valid_to: '2026-03-31T22:59:59.999Z' });
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'discount-code.create', entity: 'discount-code', before: null });
    expect(entry?.after).toMatchObject({ code: 'SPRING-15' });
    expect((await list(staff)).map((code) => code.code)).toContain('SPRING-15');

    const buyer = await cartWithPostcode(app);
    const applied = await buyer.call('POST', '/discount-codes/check-code.json', { code: 'spring-15' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().cart).toMatchObject({ discount_code: { code: 'SPRING-15' }, discount_code_name: '15% off', discount_code_amount: 1200 });

    const id = created.record.id;
    const disabled = await ok(staff.post(`/web-api/admin/discount-codes/${id}/disable`));
    expect(disabled.record).toMatchObject({ state: 'ended' });
    const disabledEntry = await lastAudit();
    expect(disabledEntry).toMatchObject({ action: 'discount-code.disable', entityId: String(id) });
    expect(disabledEntry?.before).toMatchObject({ state: 'active' });
    expect(disabledEntry?.after).toMatchObject({ state: 'ended' });
    const refused = await buyer.call('POST', '/discount-codes/check-code.json', { code: 'SPRING-15' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ code: [t('discount.expired')] });
  });

  it('refuses bad input with 422 naming each field, a taken code on its field, and writes nothing', async () => {
    const { staff } = await contentDesk();
    const before = (await list(staff)).length;
    const bad = fieldErrors(await staff.post('/web-api/admin/discount-codes/create', discountCodeForm({ code: 'no spaces!', display_name: '', value: 120, valid_from: '2026-04-02', valid_to: '2026-04-01', usage_limit: 0 })));
    expect(Object.keys(bad).sort()).toEqual(['code', 'display_name', 'usage_limit', 'valid_to', 'value']);
    // The cross-field rules alone.
    const percent = fieldErrors(await staff.post('/web-api/admin/discount-codes/create', discountCodeForm({ value: 120, valid_from: '2026-04-02', valid_to: '2026-04-01' })));
    expect(percent).toEqual({ value: ['A percent is at most 100.'], valid_to: ['The last day must not be before the first.'] });
    const pence = fieldErrors(await staff.post('/web-api/admin/discount-codes/create', discountCodeForm({ kind: 'AMOUNT', value: 2.5 })));
    expect(Object.keys(pence)).toEqual(['value']);
    // DEMO10 is the seed's; the code is compared as the cart reads it (upper case).
    const taken = fieldErrors(await staff.post('/web-api/admin/discount-codes/create', discountCodeForm({ code: 'demo10' })));
    expect(taken).toEqual({ code: ['Another discount code is already written this way.'] });
    expect((await list(staff)).length).toBe(before);
    expect((await staff.post('/web-api/admin/discount-codes/99999/disable')).statusCode).toBe(404);
  });
});

describe('static pages in the back office', () => {
  it('edits a page in Markdown; the storefront shows it sanitised at once; the audit keeps before and after', async () => {
    const { app, db, staff } = await contentDesk();
    await aboutPage(db);
    const opened = adminStaticPage.response.parse((await staff.get('/web-api/admin/pages/about.json')).json()).record;
    expect(opened).toMatchObject({ slug: 'about', title: 'About us', body: '<p>We sell used parts.</p>' });
    const list = await ok(staff.get('/web-api/admin/pages/list.json'));
    expect(list.records).toContainEqual({ slug: 'about', title: 'About us' });

    const body = '## Since 1998\n\nWe sell **used** parts.<script>alert(1)</script>\n\n[Write to us](javascript:alert(1))';
    const saved = await ok(staff.post('/web-api/admin/pages/about', { title: ' About the shop ', body }));
    expect(saved.record).toMatchObject({ title: 'About the shop', body });

    const shown = (await app.inject({ method: 'GET', url: '/web-api/static-contents/page/about.json' })).json().page;
    expect(shown.title).toBe('About the shop');
    expect(shown.content).toContain('<h2>Since 1998</h2>');
    expect(shown.content).toContain('<strong>used</strong>');
    expect(shown.content).not.toMatch(/script|javascript/);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'page.edit', entity: 'page', entityId: 'about', before: { title: 'About us', body: '<p>We sell used parts.</p>' }, after: { title: 'About the shop', body } });
    // Opened again, the page holds the Markdown as written.
    expect((await ok(staff.get('/web-api/admin/pages/about.json'))).record).toMatchObject({ body });
  });

  it('refuses an empty title or body with 422 on its field and a slug not in the list', async () => {
    const { db, staff } = await contentDesk();
    await aboutPage(db);
    expect(Object.keys(fieldErrors(await staff.post('/web-api/admin/pages/about', { title: '  ', body: '' }))).sort()).toEqual(['body', 'title']);
    expect(Object.keys(fieldErrors(await staff.post('/web-api/admin/pages/not-a-page', { title: 'A', body: 'B' })))).toEqual(['slug']);
    expect((await staff.get('/web-api/admin/pages/terms.json')).statusCode).toBe(404);
  });
});

describe('job adverts in the back office', () => {
  const storefrontTitles = async (app: Awaited<ReturnType<typeof shopApp>>) =>
    ((await app.inject({ method: 'GET', url: '/web-api/jobs/list.json' })).json().items as { title: string }[]).map((job) => job.title);

  it('creates, edits, unpublishes and deletes an advert; /jobs follows each change at once', async () => {
    const { app, db, staff } = await contentDesk();
    const form = await jobForm(db, { title: 'Vehicle dismantler', slug: 'vehicle-dismantler', featured: true });
    const created = await ok(staff.post('/web-api/admin/jobs/create', { ...form }));
    const id = created.record.id;
    expect(created.record).toMatchObject({ title: 'Vehicle dismantler', state: 'open', expires_on: '', applications: 0 });
    expect(await storefrontTitles(app)).toContain('Vehicle dismantler');
    const advert = (await app.inject({ method: 'GET', url: `/web-api/jobs/get/${id}.json` })).json().job;
    expect(advert.description_html).toContain('<strong>safely</strong>');

    const edited = await ok(staff.post(`/web-api/admin/jobs/${id}`, { ...form, title: 'Senior vehicle dismantler', expires_on: '2026-06-30' }));
    expect(edited.record).toMatchObject({ title: 'Senior vehicle dismantler', expires_on: '2026-06-30', expires_at: '2026-06-30T22:59:59.999Z' });
    expect(await lastAudit()).toMatchObject({ action: 'job.edit', before: { title: 'Vehicle dismantler' }, after: { title: 'Senior vehicle dismantler' } });
    expect(await storefrontTitles(app)).toContain('Senior vehicle dismantler');

    const unpublished = await ok(staff.post(`/web-api/admin/jobs/${id}/unpublish`));
    expect(unpublished.record).toMatchObject({ state: 'expired' });
    expect(await storefrontTitles(app)).not.toContain('Senior vehicle dismantler');
    expect((await app.inject({ method: 'GET', url: `/web-api/jobs/get/${id}.json` })).statusCode).toBe(404);
    // Still in the back office's list, expired.
    const listed = adminJobList.response.parse((await staff.get('/web-api/admin/jobs/list.json')).json());
    expect(listed.records.find((job) => job.id === id)).toMatchObject({ state: 'expired' });
    expect(listed.categories.length).toBeGreaterThan(0);

    await ok(staff.post(`/web-api/admin/jobs/${id}/delete`));
    expect(await lastAudit()).toMatchObject({ action: 'job.delete', entityId: String(id), after: null });
    expect((await staff.post(`/web-api/admin/jobs/${id}/delete`)).statusCode).toBe(404);
  });

  it('refuses a taken slug, bad fields and an unknown choice on their fields; keeps an advert with applications', async () => {
    const { db, clock, staff } = await contentDesk();
    const first = await ok(staff.post('/web-api/admin/jobs/create', { ...(await jobForm(db, { slug: 'yard-driver' })) }));
    const firstId = first.record.id;
    expect(fieldErrors(await staff.post('/web-api/admin/jobs/create', { ...(await jobForm(db, { slug: 'yard-driver' })) }))).toEqual({ slug: ['Another job advert has this slug.'] });
    const second = await ok(staff.post('/web-api/admin/jobs/create', { ...(await jobForm(db)) }));
    const secondId = second.record.id;
    expect(fieldErrors(await staff.post(`/web-api/admin/jobs/${secondId}`, { ...(await jobForm(db, { slug: 'yard-driver' })) }))).toEqual({ slug: ['Another job advert has this slug.'] });
    const bad = fieldErrors(await staff.post('/web-api/admin/jobs/create', { ...(await jobForm(db, { title: '', slug: 'Not A Slug', salary_from: 30000, salary_to: 20000, expires_on: '2026-02-30' })) }));
    expect(Object.keys(bad).sort()).toEqual(['expires_on', 'salary_to', 'slug', 'title']);
    expect(fieldErrors(await staff.post('/web-api/admin/jobs/create', { ...(await jobForm(db, { category_id: 99999 })) }))).toEqual({ category_id: ['Choose a category.'] });

    await db.insert(jobApplications).values({ jobId: firstId, name: 'Ann', email: 'ann@example.com', phone: '07700900000', message: '', cvFilename: 'cv.pdf', cvContentType: 'application/pdf', cvSize: 4, cvData: Buffer.from('%PDF'), createdAt: clock.now() });
    expect(fieldErrors(await staff.post(`/web-api/admin/jobs/${firstId}/delete`))).toEqual({ id: ['This advert has applications: take it off the shop instead.'] });
    const [kept] = await db.select({ id: jobApplications.id }).from(jobApplications).where(eq(jobApplications.jobId, firstId));
    expect(kept).toBeDefined();
  });
});

describe('loyalty levels and texts in the back office', () => {
  it('opens the seeded levels and texts, saves new ones, and the loyalty page and levels call show them at once', async () => {
    const { app, staff } = await contentDesk();
    const opened = adminLoyalty.response.parse((await staff.get('/web-api/admin/loyalty.json')).json()).settings;
    expect(opened.levels.map((level) => [level.name, level.discount, level.amount_from, level.amount_to])).toEqual([
      ['Bronze', 0, 0, 50000],
      ['Silver', 2.5, 50000, 200000],
      ['Gold', 5, 200000, 500000],
      ['Platinum', 7.5, 500000, null],
    ]);
    expect(opened.top_text).toContain('Spend more, save more');

    const saved = await ok(staff.post('/web-api/admin/loyalty', loyaltyForm()));
    expect(saved.settings).toMatchObject({ levels: [{ id: 1, name: 'Bronze', amount_to: 40000 }, { id: 2, discount: 3, amount_from: 40000, amount_to: 150000 }, { id: 3, discount: 6.5, amount_to: null }] });
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'loyalty.edit', entity: 'loyalty' });
    expect((entry?.before as { levels: unknown[] }).levels).toHaveLength(4);
    expect((entry?.after as { levels: unknown[] }).levels).toHaveLength(3);

    const levels = (await app.inject({ method: 'GET', url: '/web-api/discount-thresholds/get-all.json' })).json().thresholds;
    expect(levels.map((level: { name: string; discount: number; amount_to: number | null }) => [level.name, level.discount, level.amount_to])).toEqual([
      ['Bronze', 0, 40000],
      ['Silver', 3, 150000],
      ['Gold', 6.5, null],
    ]);
    const statics = (await app.inject({ method: 'GET', url: '/web-api/static-contents/get-discount-thresholds-statics.json' })).json().statics;
    expect(statics.loyalty_discounts_top_text).toBe('<h2>Spend more, save more</h2>\n<p>Every paid order counts.</p>');
    expect(statics.loyalty_discounts_bottom_text).toBe('<p>The discount comes off the parts.</p>');
  });

  it('refuses levels out of order, percents outside 0–100 and a first level above £0, naming each field; changes nothing', async () => {
    const { staff } = await contentDesk();
    const before = (await ok(staff.get('/web-api/admin/loyalty.json'))).settings;
    const errors = fieldErrors(
      await staff.post(
        '/web-api/admin/loyalty',
        loyaltyForm({
          levels: [
            { name: 'Bronze', color: '#b07340', icon: 'medal-bronze', discount: 0, amount_from: 100 },
            { name: 'Silver', color: 'red', icon: 'medal-silver', discount: 101, amount_from: 50000 },
            { name: 'Gold', color: '#c9a227', icon: 'medal-gold', discount: -1, amount_from: 50000 },
          ],
          top_text: '',
        }),
      ),
    );
    expect(errors).toEqual({
      'levels.0.amount_from': ['The first level starts at £0.'],
      'levels.1.color': ['Choose a colour.'],
      'levels.1.discount': ['A percent is at most 100.'],
      'levels.2.discount': ['A percent is 0 or more.'],
      'levels.2.amount_from': ['Must be more than the level before.'],
      top_text: ['Write the text above the levels.'],
    });
    expect((await ok(staff.get('/web-api/admin/loyalty.json'))).settings).toEqual(before);
  });
});
