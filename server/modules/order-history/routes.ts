import { failureResponse } from '../../../src/contract/define';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getOrderList, invoiceFileName, orderInvoice } from '../../../src/contract/orders';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { registerCall } from '../../http/route';
import { currentSession } from '../../plugins/session';
import { createOrderHistoryService, type OrderOwner } from './service';

/**
 * Whose orders this request may see: its session (a guest's orders were placed from it) and the
 * member signed in on it. No session, nobody: these calls never start one (`session: false`),
 * since a visitor without a session cannot own an order.
 */
async function ownerOf(request: FastifyRequest): Promise<OrderOwner | null> {
  const session = await currentSession(request);
  return session ? { sessionId: session.id, memberId: session.memberId } : null;
}

export async function orderHistoryRoutes(api: FastifyInstance, { db, config }: { db: Database; config: Config }): Promise<void> {
  const service = createOrderHistoryService({ db, shop: config.shop, now: api.clock });

  registerCall(
    api,
    getOrderList,
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await service.list(await ownerOf(request), request.query) };
    },
    { session: false },
  );

  // A PDF, not JSON: a plain route (registerCall serializes JSON answers); failures still answer
  // the §7 envelope through the error handler.
  api.route({
    method: orderInvoice.method,
    url: orderInvoice.path,
    schema: { params: orderInvoice.params, summary: "A paid order's VAT invoice (PDF), for its owner", tags: ['orders'], response: { '4xx': failureResponse } },
    config: { session: false, fileAnswer: 'application/pdf' },
    handler: async (request, reply) => {
      const { hash } = request.params as { hash: string };
      const invoice = await service.invoice(await ownerOf(request), hash);
      // pdfkit (about 5 MB resident, docs/performance.md) is loaded by the first invoice asked
      // for, not by every API process at start.
      const { renderInvoicePdf } = await import('./invoice-pdf');
      const pdf = await renderInvoicePdf(invoice.document);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${invoiceFileName(invoice.number)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });
}
