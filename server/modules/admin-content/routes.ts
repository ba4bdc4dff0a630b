/**
 * The back office's content calls under /web-api/admin (src/contract/admin-content.ts), each
 * registered by `registerAdminCall` with the permission its `defineAdminCall` gives it. Thin: the
 * service makes each change with its audit entry.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
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
} from '../../../src/contract/admin-content';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { adminCalls } from '../staff/index';
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
}
