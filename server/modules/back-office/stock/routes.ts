/**
 * The back office's stock calls (src/contract/admin-stock.ts), each registered by
 * `registerAdminCall` with its permission; every change writes its audit entry through `audit`.
 * Multipart parsing is registered in the photo upload's own scope only.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminStockCreate,
  adminStockImport,
  adminStockList,
  adminStockPart,
  adminStockPhotoRemove,
  adminStockPhotosAdd,
  adminStockPhotosOrder,
  adminStockReference,
  adminStockStatus,
  adminStockUpdate,
} from '../../../../src/contract/admin-stock';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { adminCalls } from '../staff/index';
import { PHOTO_UPLOAD_LIMITS, readPhotos } from './photos';
import { type Audit, createStockService } from './service';

export async function adminStockRoutes(api: FastifyInstance, { db, config }: { db: Database; config: Config }): Promise<void> {
  const { registerAdminCall, audit } = adminCalls(api, { db, config });
  const service = createStockService({ db, now: () => api.clock() });
  const auditFor =
    (request: FastifyRequest): Audit =>
    (tx, change) =>
      audit(tx, request, change);

  registerAdminCall(adminStockReference, async () => ({ success: true as const, ...(await service.reference()) }));
  registerAdminCall(adminStockList, async (request) => ({ success: true as const, ...(await service.list(request.query)) }));
  registerAdminCall(adminStockPart, async (request) => ({ success: true as const, part: await service.part(request.params.id) }));
  registerAdminCall(adminStockCreate, async (request) => {
    const part = await service.create(request.body, auditFor(request));
    return { success: true as const, msg: `${part.tag} is on the shop.`, part };
  });
  registerAdminCall(adminStockUpdate, async (request) => {
    const part = await service.update(request.params.id, request.body, auditFor(request));
    return { success: true as const, msg: `${part.tag} is saved.`, part };
  });
  registerAdminCall(adminStockStatus, async (request) => ({ success: true as const, ...(await service.setStatus(request.params.id, request.body.action, auditFor(request))) }));
  registerAdminCall(adminStockPhotosOrder, async (request) => ({
    success: true as const,
    msg: 'The photos are in their new order.',
    part: await service.orderPhotos(request.params.id, request.body.ids, auditFor(request)),
  }));
  registerAdminCall(adminStockPhotoRemove, async (request) => ({
    success: true as const,
    msg: 'The photo is removed.',
    part: await service.removePhoto(request.params.id, request.params.photoId, auditFor(request)),
  }));
  registerAdminCall(adminStockImport, async (request) => ({ success: true as const, ...(await service.import(request.body.csv, request.body.import_good_rows === true, auditFor(request))) }));

  await api.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: PHOTO_UPLOAD_LIMITS, throwFileSizeLimit: false });
    const { registerAdminCall: registerUpload } = adminCalls(uploads, { db, config });
    registerUpload(adminStockPhotosAdd, async (request) => {
      // The access check has run: only now are the photos read and decoded.
      const photos = await readPhotos(request, await service.photoRoom(request.params.id));
      const part = await service.addPhotos(request.params.id, photos, auditFor(request));
      return { success: true as const, msg: `${photos.length === 1 ? 'The photo is' : `${photos.length} photos are`} added.`, part };
    });
  });
}
