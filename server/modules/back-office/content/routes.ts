/**
 * The back office's content calls under /web-api/admin (src/contract/admin-content.ts), each
 * registered by `registerAdminCall` with the permission its `defineAdminCall` gives it. Thin: the
 * service makes each change with its audit entry. Multipart parsing is registered in the article
 * picture upload's own scope only.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminArticle,
  adminArticleCreate,
  adminArticleDelete,
  adminArticleCategoryCreate,
  adminArticleCategoryDelete,
  adminArticleCategoryRename,
  adminArticleList,
  adminArticlePicture,
  adminArticlePictureDelete,
  adminArticleSave,
  adminArticleTagCreate,
  adminArticleTagDelete,
  adminArticleTagRename,
  adminArticleTermList,
  adminDiscountCodeCreate,
  adminDiscountCodeDisable,
  adminDiscountCodeList,
  adminJobCreate,
  adminJobDelete,
  adminJobList,
  adminJobSave,
  adminJobUnpublish,
  adminLoyalty,
  adminLoyaltySave,
  adminStaticPage,
  adminStaticPageList,
  adminStaticPageSave,
} from '../../../../src/contract/admin-content';
import { adminReviewApprove, adminReviewList, adminReviewReject } from '../../../../src/contract/admin-reviews';
import { adminJobApplicationCv, adminJobApplicationList, adminJobApplicationMark } from '../../../../src/contract/admin-job-applications';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { attachmentDisposition } from '../../../http/attachment';
import { createReviewModerationService, REVIEW_MESSAGES } from '../../reviews/index';
import { adminCalls, staffOf } from '../staff/index';
import { PICTURE_UPLOAD_LIMITS, readPicture } from './article-picture';
import { ARTICLE_MESSAGES, createArticleContentService } from './article-service';
import { ARTICLE_TERM_MESSAGES, createArticleTermService } from './article-term-service';
import { createJobApplicationContentService, JOB_APPLICATION_MESSAGES } from './job-application-service';
import { type Audit, CONTENT_MESSAGES, createContentService } from './service';

export async function adminContentRoutes(api: FastifyInstance, { db, config }: { db: Database; config: Config }): Promise<void> {
  const service = createContentService({ db, now: () => api.clock(), figures: { returnsWindowDays: config.returnsWindowDays } });
  const { registerAdminCall, audit } = adminCalls(api, { db, config });
  const auditOf = (request: FastifyRequest): Audit => (tx, change) => audit(tx, request, change);

  registerAdminCall(adminDiscountCodeList, async () => ({ success: true as const, records: await service.discountCodes() }));
  registerAdminCall(adminDiscountCodeCreate, async (request) => ({
    success: true as const,
    msg: CONTENT_MESSAGES.codeCreated,
    record: await service.createDiscountCode(request.body, auditOf(request)),
  }));
  registerAdminCall(adminDiscountCodeDisable, async (request) => ({
    success: true as const,
    msg: CONTENT_MESSAGES.codeDisabled,
    record: await service.disableDiscountCode(request.params.id, auditOf(request)),
  }));

  registerAdminCall(adminStaticPageList, async () => ({ success: true as const, records: await service.pages() }));
  registerAdminCall(adminStaticPage, async (request) => ({ success: true as const, record: await service.page(request.params.slug) }));
  registerAdminCall(adminStaticPageSave, async (request) => ({
    success: true as const,
    msg: CONTENT_MESSAGES.pageSaved,
    record: await service.savePage(request.params.slug, request.body, auditOf(request)),
  }));

  registerAdminCall(adminLoyalty, async () => ({ success: true as const, settings: await service.loyalty() }));
  registerAdminCall(adminLoyaltySave, async (request) => ({
    success: true as const,
    msg: CONTENT_MESSAGES.loyaltySaved,
    settings: await service.saveLoyalty(request.body, auditOf(request)),
  }));

  registerAdminCall(adminJobList, async () => ({ success: true as const, ...(await service.jobs()) }));
  registerAdminCall(adminJobCreate, async (request) => ({ success: true as const, msg: CONTENT_MESSAGES.jobCreated, record: await service.createJob(request.body, auditOf(request)) }));
  registerAdminCall(adminJobSave, async (request) => ({
    success: true as const,
    msg: CONTENT_MESSAGES.jobSaved,
    record: await service.saveJob(request.params.id, request.body, auditOf(request)),
  }));
  registerAdminCall(adminJobUnpublish, async (request) => ({
    success: true as const,
    msg: CONTENT_MESSAGES.jobUnpublished,
    record: await service.unpublishJob(request.params.id, auditOf(request)),
  }));
  registerAdminCall(adminJobDelete, async (request) => {
    await service.deleteJob(request.params.id, auditOf(request));
    return { success: true as const, msg: CONTENT_MESSAGES.jobDeleted };
  });

  const applications = createJobApplicationContentService({ db, now: () => api.clock() });
  registerAdminCall(adminJobApplicationList, async (request) => ({ success: true as const, ...(await applications.list(request.params.id)) }));
  registerAdminCall(adminJobApplicationCv, async (request, reply) => {
    const cv = await applications.cv(request.params.id);
    // A file a stranger sent: saved, never shown in the back office's origin, never sniffed or kept by a cache.
    return reply
      .header('content-type', cv.contentType)
      .header('content-disposition', attachmentDisposition(cv.filename))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(cv.data);
  });
  registerAdminCall(adminJobApplicationMark, async (request) => ({
    success: true as const,
    msg: JOB_APPLICATION_MESSAGES.marked[request.body.status],
    record: await applications.mark(request.params.id, request.body.status, auditOf(request)),
  }));

  // Buyers' reviews (issue 32): the queue, approve, reject with the reason; each decision audited.
  const reviews = createReviewModerationService({ db, now: () => api.clock() });
  registerAdminCall(adminReviewList, async (request) => ({ success: true as const, ...(await reviews.list(request.query.status)) }));
  registerAdminCall(adminReviewApprove, async (request) => ({
    success: true as const,
    msg: REVIEW_MESSAGES.approved,
    record: await reviews.approve(request.params.id, staffOf(request).id, auditOf(request)),
  }));
  registerAdminCall(adminReviewReject, async (request) => ({
    success: true as const,
    msg: REVIEW_MESSAGES.rejected,
    record: await reviews.reject(request.params.id, staffOf(request).id, request.body.reason, auditOf(request)),
  }));

  const articles = createArticleContentService({ db, now: () => api.clock() });
  registerAdminCall(adminArticleList, async () => ({ success: true as const, ...(await articles.articles()) }));
  registerAdminCall(adminArticle, async (request) => ({ success: true as const, record: await articles.article(request.params.id) }));
  registerAdminCall(adminArticleCreate, async (request) => ({ success: true as const, msg: ARTICLE_MESSAGES.created, record: await articles.createArticle(request.body, auditOf(request)) }));
  registerAdminCall(adminArticleSave, async (request) => ({
    success: true as const,
    msg: ARTICLE_MESSAGES.saved,
    record: await articles.saveArticle(request.params.id, request.body, auditOf(request)),
  }));
  registerAdminCall(adminArticleDelete, async (request) => {
    await articles.deleteArticle(request.params.id, auditOf(request));
    return { success: true as const, msg: ARTICLE_MESSAGES.deleted };
  });

  registerAdminCall(adminArticlePictureDelete, async (request) => ({
    success: true as const,
    msg: ARTICLE_MESSAGES.pictureRemoved,
    record: await articles.removePicture(request.params.id, auditOf(request)),
  }));

  const terms = createArticleTermService({ db });
  registerAdminCall(adminArticleTermList, async () => ({ success: true as const, ...(await terms.list()) }));
  for (const [kind, calls] of [
    ['tag', { create: adminArticleTagCreate, rename: adminArticleTagRename, delete: adminArticleTagDelete }],
    ['category', { create: adminArticleCategoryCreate, rename: adminArticleCategoryRename, delete: adminArticleCategoryDelete }],
  ] as const) {
    registerAdminCall(calls.create, async (request) => ({ success: true as const, msg: ARTICLE_TERM_MESSAGES.created(kind), record: await terms.create(kind, request.body, auditOf(request)) }));
    registerAdminCall(calls.rename, async (request) => ({
      success: true as const,
      msg: ARTICLE_TERM_MESSAGES.renamed(kind),
      record: await terms.rename(kind, request.params.id, request.body, auditOf(request)),
    }));
    registerAdminCall(calls.delete, async (request) => {
      await terms.delete(kind, request.params.id, auditOf(request));
      return { success: true as const, msg: ARTICLE_TERM_MESSAGES.deleted(kind) };
    });
  }

  await api.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: PICTURE_UPLOAD_LIMITS, throwFileSizeLimit: false });
    const { registerAdminCall: registerUpload } = adminCalls(uploads, { db, config });
    registerUpload(adminArticlePicture, async (request) => {
      // The access check has run: only now is the picture read and decoded.
      await articles.exists(request.params.id);
      const upright = await readPicture(request);
      return { success: true as const, msg: ARTICLE_MESSAGES.pictureSaved, record: await articles.savePicture(request.params.id, upright, auditOf(request)) };
    });
  });
}
