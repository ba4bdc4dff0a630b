/**
 * A valid request of each sales call for the permission matrix test, made afresh for each try:
 * each step gets an order, return or request in the status it starts from, so an allowed try
 * succeeds (and writes its one audit entry) whoever tried before.
 */
import { randomBytes } from 'node:crypto';
import { ORDER_STATUS } from '../../../../src/domain/orders';
import type { AdminSample } from '../../../test/staff';
import { seedClaim, seedOrder, seedPartRequest, seedReturn } from '../../../test/sales';

const key = () => randomBytes(12).toString('hex');
const order = (status: number) => async (db: Parameters<AdminSample>[0]) => (await seedOrder(db, { status })).number;

export const SALES_SAMPLES: Record<string, AdminSample> = {
  'GET /admin/orders/list.json': async () => ({ url: '/web-api/admin/orders/list.json?q=Turner&page=1' }),
  'GET /admin/orders/:number': async (db) => ({ url: `/web-api/admin/orders/${await order(ORDER_STATUS.PAID)(db)}` }),
  'POST /admin/orders/:number/pick': async (db) => ({ url: `/web-api/admin/orders/${await order(ORDER_STATUS.PAID)(db)}/pick` }),
  'POST /admin/orders/:number/dispatch': async (db) => ({ url: `/web-api/admin/orders/${await order(ORDER_STATUS.PICKED)(db)}/dispatch`, payload: { carrier: 'DPD', tracking_number: '15501234567890' } }),
  'POST /admin/orders/:number/deliver': async (db) => ({ url: `/web-api/admin/orders/${await order(ORDER_STATUS.DISPATCHED)(db)}/deliver` }),
  'POST /admin/orders/:number/cancel': async (db) => ({ url: `/web-api/admin/orders/${await order(ORDER_STATUS.NOT_PAID)(db)}/cancel` }),
  'POST /admin/orders/:number/refund': async (db) => ({ url: `/web-api/admin/orders/${await order(ORDER_STATUS.DELIVERED)(db)}/refund`, payload: { amount: 500, idempotency_key: key() } }),
  'GET /admin/returns/list.json': async () => ({ url: '/web-api/admin/returns/list.json?status=open' }),
  'GET /admin/returns/:id': async (db) => ({ url: `/web-api/admin/returns/${(await seedReturn(db)).id}` }),
  'GET /admin/returns/:id/photos/:fileId': async (db) => {
    const made = await seedReturn(db);
    return { url: `/web-api/admin/returns/${made.id}/photos/${made.fileId}` };
  },
  'POST /admin/returns/:id/approve': async (db) => ({
    url: `/web-api/admin/returns/${(await seedReturn(db)).id}/approve`,
    payload: { instructions: 'Pack it in its box and post it within 14 days.', label_or_address: 'PartsFinder UK Returns, Unit 4, Leeds LS1 4AP' },
  }),
  'POST /admin/returns/:id/reject': async (db) => ({ url: `/web-api/admin/returns/${(await seedReturn(db)).id}/reject`, payload: { reason: 'The part was fitted and damaged on fitting.' } }),
  'POST /admin/returns/:id/in-transit': async (db) => ({ url: `/web-api/admin/returns/${(await seedReturn(db, 'APROVED')).id}/in-transit` }),
  'POST /admin/returns/:id/delivered': async (db) => ({ url: `/web-api/admin/returns/${(await seedReturn(db, 'IN_TRANSIT')).id}/delivered` }),
  'POST /admin/returns/:id/refund': async (db) => ({ url: `/web-api/admin/returns/${(await seedReturn(db, 'DELIVERED')).id}/refund`, payload: { amount: 1000, idempotency_key: key() } }),
  'GET /admin/warranty-claims/list.json': async () => ({ url: '/web-api/admin/warranty-claims/list.json?status=open' }),
  'GET /admin/warranty-claims/:id': async (db) => ({ url: `/web-api/admin/warranty-claims/${(await seedClaim(db)).id}` }),
  'GET /admin/warranty-claims/:id/files/:fileId': async (db) => {
    const made = await seedClaim(db);
    return { url: `/web-api/admin/warranty-claims/${made.id}/files/${made.fileId}` };
  },
  'POST /admin/warranty-claims/:id/request-information': async (db) => ({ url: `/web-api/admin/warranty-claims/${(await seedClaim(db)).id}/request-information`, payload: { message: 'Please send the garage’s diagnosis.' } }),
  'POST /admin/warranty-claims/:id/approve': async (db) => ({ url: `/web-api/admin/warranty-claims/${(await seedClaim(db)).id}/approve`, payload: { settlement: 'labour', amount: 500, idempotency_key: key() } }),
  'POST /admin/warranty-claims/:id/reject': async (db) => ({ url: `/web-api/admin/warranty-claims/${(await seedClaim(db)).id}/reject`, payload: { reason: 'The part was damaged on fitting.' } }),
  'POST /admin/warranty-claims/:id/close': async (db) => ({ url: `/web-api/admin/warranty-claims/${(await seedClaim(db, 'rejected')).id}/close` }),
  'GET /admin/part-requests/list.json': async () => ({ url: '/web-api/admin/part-requests/list.json' }),
  'GET /admin/part-requests/:id': async (db) => ({ url: `/web-api/admin/part-requests/${await seedPartRequest(db)}` }),
  'POST /admin/part-requests/:id/status': async (db) => ({ url: `/web-api/admin/part-requests/${await seedPartRequest(db)}/status`, payload: { status: 'searching' } }),
};
