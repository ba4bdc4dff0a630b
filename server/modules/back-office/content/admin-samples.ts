/**
 * A valid request of each content call for the permission matrix test, made afresh for each try.
 */
import { aboutPage, discountCodeForm, jobForm, loyaltyForm, storedApplication, storedDiscountCode, storedJob, storedReview } from '../../../test/admin-content';
import { articleForm, newTermName, pictureUpload, storedArticle, storedArticleTerm, testPicture } from '../../../test/admin-articles';
import type { AdminSample } from '../../../test/staff';

const AT = new Date('2026-03-01T09:00:00Z');

/** The article calls' samples (content.manage). */
export const ARTICLE_SAMPLES: Record<string, AdminSample> = {
  'GET /admin/articles/list.json': async () => ({ url: '/web-api/admin/articles/list.json' }),
  'GET /admin/articles/:id.json': async (db) => ({ url: `/web-api/admin/articles/${await storedArticle(db, AT)}.json` }),
  'POST /admin/articles/create': async (db) => ({ url: '/web-api/admin/articles/create', payload: { ...(await articleForm(db)) } }),
  'POST /admin/articles/:id': async (db) => ({ url: `/web-api/admin/articles/${await storedArticle(db, AT)}`, payload: { ...(await articleForm(db)) } }),
  'POST /admin/articles/:id/picture': async (db) => ({ url: `/web-api/admin/articles/${await storedArticle(db, AT)}/picture`, ...pictureUpload({ name: 'workshop.jpg', data: await testPicture() }) }),
  'POST /admin/articles/:id/delete': async (db) => ({ url: `/web-api/admin/articles/${await storedArticle(db, AT)}/delete` }),
  // A stored article has the drawn picture, so there is one to remove.
  'POST /admin/articles/:id/picture/delete': async (db) => ({ url: `/web-api/admin/articles/${await storedArticle(db, AT)}/picture/delete` }),
  'GET /admin/article-terms/list.json': async () => ({ url: '/web-api/admin/article-terms/list.json' }),
  'POST /admin/article-tags/create': async () => ({ url: '/web-api/admin/article-tags/create', payload: { name: newTermName('tag') } }),
  'POST /admin/article-tags/:id': async (db) => ({ url: `/web-api/admin/article-tags/${await storedArticleTerm(db, 'tag')}`, payload: { name: newTermName('tag') } }),
  'POST /admin/article-tags/:id/delete': async (db) => ({ url: `/web-api/admin/article-tags/${await storedArticleTerm(db, 'tag')}/delete` }),
  'POST /admin/article-categories/create': async () => ({ url: '/web-api/admin/article-categories/create', payload: { name: newTermName('category') } }),
  'POST /admin/article-categories/:id': async (db) => ({ url: `/web-api/admin/article-categories/${await storedArticleTerm(db, 'category')}`, payload: { name: newTermName('category') } }),
  'POST /admin/article-categories/:id/delete': async (db) => ({ url: `/web-api/admin/article-categories/${await storedArticleTerm(db, 'category')}/delete` }),
};

export const CONTENT_SAMPLES: Record<string, AdminSample> = {
  'GET /admin/discount-codes/list.json': async () => ({ url: '/web-api/admin/discount-codes/list.json' }),
  'POST /admin/discount-codes/create': async () => ({ url: '/web-api/admin/discount-codes/create', payload: discountCodeForm() }),
  'POST /admin/discount-codes/:id/disable': async (db) => ({ url: `/web-api/admin/discount-codes/${await storedDiscountCode(db)}/disable` }),
  'GET /admin/pages/list.json': async (db) => {
    await aboutPage(db);
    return { url: '/web-api/admin/pages/list.json' };
  },
  'GET /admin/pages/:slug.json': async (db) => {
    await aboutPage(db);
    return { url: '/web-api/admin/pages/about.json' };
  },
  'POST /admin/pages/:slug': async (db) => {
    await aboutPage(db);
    return { url: '/web-api/admin/pages/about', payload: { title: 'About us', body: 'We sell **used** parts.' } };
  },
  'GET /admin/loyalty.json': async () => ({ url: '/web-api/admin/loyalty.json' }),
  'POST /admin/loyalty': async () => ({ url: '/web-api/admin/loyalty', payload: loyaltyForm() }),
  'GET /admin/jobs/list.json': async () => ({ url: '/web-api/admin/jobs/list.json' }),
  'POST /admin/jobs/create': async (db) => ({ url: '/web-api/admin/jobs/create', payload: { ...(await jobForm(db)) } }),
  'POST /admin/jobs/:id': async (db) => ({ url: `/web-api/admin/jobs/${await storedJob(db, AT)}`, payload: { ...(await jobForm(db)) } }),
  'POST /admin/jobs/:id/unpublish': async (db) => ({ url: `/web-api/admin/jobs/${await storedJob(db, AT)}/unpublish` }),
  'POST /admin/jobs/:id/delete': async (db) => ({ url: `/web-api/admin/jobs/${await storedJob(db, AT)}/delete` }),
  'GET /admin/jobs/:id/applications.json': async (db) => ({ url: `/web-api/admin/jobs/${await storedJob(db, AT)}/applications.json` }),
  'GET /admin/job-applications/:id/cv': async (db) => ({ url: `/web-api/admin/job-applications/${await storedApplication(db, AT)}/cv` }),
  'POST /admin/job-applications/:id/status': async (db) => ({ url: `/web-api/admin/job-applications/${await storedApplication(db, AT)}/status`, payload: { status: 'reviewed' } }),
  'GET /admin/reviews.json': async () => ({ url: '/web-api/admin/reviews.json' }),
  'POST /admin/reviews/:id/approve': async (db) => ({ url: `/web-api/admin/reviews/${await storedReview(db, AT)}/approve` }),
  'POST /admin/reviews/:id/reject': async (db) => ({ url: `/web-api/admin/reviews/${await storedReview(db, AT)}/reject`, payload: { reason: 'Names another shop.' } }),
  ...ARTICLE_SAMPLES,
};
