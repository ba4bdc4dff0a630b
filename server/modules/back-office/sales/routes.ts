/**
 * The back office's sales calls (src/contract/admin-sales.ts), each registered by
 * `registerAdminCall` with the permission its `defineAdminCall` gives it. Thin: who is asking, the
 * service, the answer.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  adminOrder,
  adminOrderCancel,
  adminOrderDeliver,
  adminOrderDispatch,
  adminOrderList,
  adminOrderPick,
  adminOrderRefund,
  adminPartRequest,
  adminPartRequestList,
  adminPartRequestStatus,
  adminReturn,
  adminReturnApprove,
  adminReturnDelivered,
  adminReturnInTransit,
  adminReturnList,
  adminReturnPhoto,
  adminReturnRefund,
  adminReturnReject,
} from '../../../../src/contract/admin-sales';
import { adminClaim, adminClaimApprove, adminClaimClose, adminClaimFile, adminClaimList, adminClaimReject, adminClaimRequestInformation } from '../../../../src/contract/warranty-claims';
import { formatMoney } from '../../../../src/domain/money';
import { permissionsOf } from '../../../../src/domain/staff-permissions';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import { attachmentDisposition } from '../../../http/attachment';
import type { CardGateway, PaypalGateway } from '../../../integrations/payments';
import { adminCalls, staffOf } from '../staff/index';
import { createClaimsAdminService } from './claims-service';
import { type Actor, createOrdersService } from './orders-service';
import { createPartRequestsAdminService } from './part-requests-service';
import { createReturnsAdminService } from './returns-service';

export interface SalesRouteOptions {
  db: Database;
  config: Config;
  card: CardGateway;
  paypal: PaypalGateway;
}

export async function backOfficeSalesRoutes(api: FastifyInstance, { db, config, card, paypal }: SalesRouteOptions): Promise<void> {
  const { registerAdminCall, audit } = adminCalls(api, { db, config });
  const deps = { db, clock: () => api.clock(), publicUrl: config.publicUrl, card, paypal, log: api.log };
  const orders = createOrdersService(deps);
  const returns = createReturnsAdminService(deps, orders);
  const requests = createPartRequestsAdminService(deps);
  const claims = createClaimsAdminService(deps, orders, config.claimLabourCap);

  const actor = (request: FastifyRequest): Actor => {
    const member = staffOf(request);
    return { staffId: member.id, permissions: permissionsOf(member.role), audit: (tx, change) => audit(tx, request, change) };
  };
  const permissions = (request: FastifyRequest) => permissionsOf(staffOf(request).role);

  // --- orders ---
  registerAdminCall(adminOrderList, async (request) => ({ success: true as const, ...(await orders.list(request.query)) }));
  registerAdminCall(adminOrder, async (request) => ({ success: true as const, order: await orders.view(request.params.number, permissions(request)) }));
  registerAdminCall(adminOrderPick, async (request) => ({ success: true as const, msg: 'Marked picked. The customer has been told.', order: await orders.step(request.params.number, 'pick', actor(request)) }));
  registerAdminCall(adminOrderDispatch, async (request) => {
    const order = await orders.step(request.params.number, 'dispatch', actor(request), { carrier: request.body.carrier, trackingNumber: request.body.tracking_number });
    return { success: true as const, msg: `Dispatched with ${request.body.carrier}. The customer has the tracking number.`, order };
  });
  registerAdminCall(adminOrderDeliver, async (request) => ({ success: true as const, msg: 'Marked delivered. The customer has been told.', order: await orders.step(request.params.number, 'deliver', actor(request)) }));
  registerAdminCall(adminOrderCancel, async (request) => ({ success: true as const, msg: 'Cancelled. Its parts are back on sale.', order: await orders.step(request.params.number, 'cancel', actor(request)) }));
  registerAdminCall(adminOrderRefund, async (request) => {
    const done = await orders.refundOrder(request.params.number, { amount: request.body.amount, idempotencyKey: request.body.idempotency_key }, actor(request));
    const msg = done.replayed ? `This refund of ${formatMoney(done.amount)} was made already.` : `Refunded ${formatMoney(done.amount)}${done.full ? ': the order is refunded in full' : ''}.`;
    return { success: true as const, msg, order: done.order, replayed: done.replayed };
  });

  // --- returns ---
  registerAdminCall(adminReturnList, async (request) => ({ success: true as const, ...(await returns.list(request.query)) }));
  registerAdminCall(adminReturn, async (request) => ({ success: true as const, return: await returns.view(request.params.id) }));
  registerAdminCall(adminReturnPhoto, async (request, reply) => {
    const file = await returns.photo(request.params.id, request.params.fileId);
    // Customers' photos: for staff only, never kept by a shared cache.
    return reply.header('content-type', file.contentType).header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(file.data);
  });
  registerAdminCall(adminReturnApprove, async (request) => ({
    success: true as const,
    msg: 'Approved. The customer has the instructions.',
    return: await returns.approve(request.params.id, { instructions: request.body.instructions, labelOrAddress: request.body.label_or_address }, actor(request)),
  }));
  registerAdminCall(adminReturnReject, async (request) => ({ success: true as const, msg: 'Rejected. The customer has the reason.', return: await returns.reject(request.params.id, request.body.reason, actor(request)) }));
  registerAdminCall(adminReturnInTransit, async (request) => ({ success: true as const, msg: 'Marked in transit.', return: await returns.move(request.params.id, 'in_transit', actor(request)) }));
  registerAdminCall(adminReturnDelivered, async (request) => ({ success: true as const, msg: 'Marked delivered: inspect the part, then refund or reject.', return: await returns.move(request.params.id, 'delivered', actor(request)) }));
  registerAdminCall(adminReturnRefund, async (request) => {
    const done = await returns.refund(request.params.id, { amount: request.body.amount, idempotencyKey: request.body.idempotency_key }, actor(request));
    return { success: true as const, msg: done.replayed ? 'This refund was made already.' : 'Refunded. The customer has been told.', return: done.view, replayed: done.replayed };
  });

  // --- warranty claims ---
  registerAdminCall(adminClaimList, async (request) => ({ success: true as const, ...(await claims.list(request.query)) }));
  registerAdminCall(adminClaim, async (request) => ({ success: true as const, claim: await claims.view(request.params.id) }));
  registerAdminCall(adminClaimFile, async (request, reply) => {
    const file = await claims.file(request.params.id, request.params.fileId);
    // The member's photos and invoice: for staff only, saved as a file, never kept by a shared cache.
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', attachmentDisposition(file.filename))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.data);
  });
  registerAdminCall(adminClaimRequestInformation, async (request) => ({
    success: true as const,
    msg: 'Asked. The customer has your question.',
    claim: await claims.requestInformation(request.params.id, request.body.message, actor(request)),
  }));
  registerAdminCall(adminClaimReject, async (request) => ({ success: true as const, msg: 'Rejected. The customer has the reason.', claim: await claims.reject(request.params.id, request.body.reason, actor(request)) }));
  registerAdminCall(adminClaimClose, async (request) => ({ success: true as const, msg: 'Closed.', claim: await claims.close(request.params.id, actor(request)) }));
  registerAdminCall(adminClaimApprove, async (request) => {
    const { body } = request;
    const done = await claims.approve(
      request.params.id,
      { settlement: body.settlement, amount: body.amount, idempotencyKey: body.idempotency_key, replacementTag: body.replacement_tag, message: body.message },
      actor(request),
    );
    return { success: true as const, msg: done.replayed ? 'This claim was approved already.' : 'Approved. The customer has been told.', claim: done.view };
  });

  // --- part requests ---
  registerAdminCall(adminPartRequestList, async (request) => ({ success: true as const, ...(await requests.list(request.query)) }));
  registerAdminCall(adminPartRequest, async (request) => ({ success: true as const, request: await requests.view(request.params.id) }));
  registerAdminCall(adminPartRequestStatus, async (request) => ({
    success: true as const,
    msg: 'Answered. The customer has been told.',
    request: await requests.answer(request.params.id, request.body.status, request.body.part, actor(request)),
  }));
}
