/**
 * The account's orders (SPEC §2 'My orders', 'Abandoned carts') and their VAT invoices, for the
 * visitor they belong to: the signed-in member, or the session the order was placed from (a
 * guest), the same owner check as the order-created page.
 */
import type { OrderListOrder, orderListQuerySchema } from '../../../src/contract/orders';
import type { Paginator } from '../../../src/contract/catalogue';
import { ownsOrder } from '../../../src/domain/order-owner';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import { ORDER_STATUS, orderStatusDisplay, type ReturnStatus } from '../../../src/domain/orders';
import { pageCountFor } from '../../../src/domain/paginator';
import type * as z from 'zod/mini';
import type { Database } from '../../db/client';
import { latestReturnsOfLines, refundedOfLines } from '../returns/index';
import { warrantiesOfLines } from '../warranty/index';
import { orderLineVehiclesOf } from '../garage/index';
import { shipmentsOfOrders } from '../orders/index';
import type { OrderLineVehicle } from '../../../src/contract/garage';
import { conflict, MESSAGES, notFound, unauthorised } from '../../errors';
import type { InvoiceDocument } from './invoice-document';
import { issueOrderInvoice, type ShopIdentity } from './invoices';
import { createOrderHistoryRepository, type OrderLineRow, type OrderOwner, type OrderRow } from './repository';

export type { OrderOwner } from './repository';

type ListQuery = z.output<typeof orderListQuerySchema>;

export interface OrderHistoryOptions {
  db: Database;
  shop: ShopIdentity;
  now: () => Date;
}

type LineReturns = ReadonlyMap<number, { id: number; status: ReturnStatus }>;

type Shipments = ReadonlyMap<number, { carrier: string; tracking_number: string }>;

/** What the list shows of each line besides its own row, by line id. */
interface LineFacts {
  returns: LineReturns;
  refunded: ReadonlyMap<number, number>;
  warranties: ReadonlyMap<number, { endsAt: Date; inWarranty: boolean }>;
  vehicles: ReadonlyMap<number, OrderLineVehicle>;
}

function listedOrder(order: OrderRow, lines: readonly OrderLineRow[], { returns, refunded, warranties, vehicles }: LineFacts, shipments: Shipments): OrderListOrder {
  const shipment = shipments.get(order.id);
  return {
    ...(shipment ? { shipment } : {}),
    hash: order.hash,
    number: order.number,
    created: order.createdAt.toISOString(),
    to_pay: order.toPay,
    pay_again: order.statusId === ORDER_STATUS.NOT_PAID,
    order_status: orderStatusDisplay(order.statusId),
    order_status_id: order.statusId,
    order_products: lines.map((line) => {
      // SPEC §2: the line's latest return (its status on the line), else 'Request Return'.
      const latest = returns.get(line.id) ?? null;
      const warranty = warranties.get(line.id);
      return {
        id: line.id,
        name: line.name,
        image: line.image,
        warranty_name: line.warrantyName,
        gross_value: line.grossValue,
        has_return: latest !== null,
        return: latest,
        refunded: refunded.get(line.id) ?? 0,
        ...(warranty ? { warranty: { ends_at: warranty.endsAt.toISOString(), in_warranty: warranty.inWarranty } } : {}),
        ...(vehicles.has(line.id) ? { vehicle: vehicles.get(line.id) } : {}),
      };
    }),
  };
}

export function createOrderHistoryService({ db, shop, now }: OrderHistoryOptions) {
  const rows = createOrderHistoryRepository(db);

  return {
    /**
     * One page of the owner's orders: a count, the page with its lines, then the lines' latest
     * returns, refunds, warranty terms, vehicles and the shipments (a fixed number of statements,
     * whatever the page's size). A page past the end answers no orders and says which page was
     * asked for (`requestedPage`).
     */
    async list(owner: OrderOwner | null, query: ListQuery): Promise<{ orders: OrderListOrder[]; paginator: Paginator }> {
      if (!owner) throw unauthorised(MESSAGES.sessionExpired);
      const statusId = query.abandoned === 'true' ? ORDER_STATUS.NOT_PAID : null;
      const count = await rows.countOwned(owner, statusId);
      const pageCount = pageCountFor(count, query.limit);
      const page = Math.min(query.page, pageCount);
      const found =
        count === 0 || query.page > pageCount
          ? []
          : await rows.pageOwned(owner, {
              statusId,
              sort: query.sort,
              direction: query.direction === 'ASC' ? 'asc' : 'desc',
              offset: (page - 1) * query.limit,
              limit: query.limit,
            });
      const lineIds = found.flatMap(({ lines }) => lines.map((line) => line.id));
      const returns = await latestReturnsOfLines(db, lineIds);
      const refunded = await refundedOfLines(db, lineIds);
      const warranties = await warrantiesOfLines(
        db,
        found.flatMap(({ order, lines }) => lines.map((line) => ({ id: line.id, warrantyId: line.warrantyId, paidAt: order.paidAt }))),
        now(),
      );
      const vehicles = await orderLineVehiclesOf(db, lineIds);
      const shipments = await shipmentsOfOrders(db, found.map(({ order }) => order.id));
      const facts: LineFacts = { returns, refunded, warranties, vehicles };
      return {
        orders: found.map(({ order, lines }) => listedOrder(order, lines, facts, shipments)),
        paginator: {
          count,
          perPage: query.limit,
          limit: query.limit,
          pageCount,
          sort: query.sort,
          direction: query.direction,
          page,
          requestedPage: query.page,
        },
      };
    },

    /**
     * The invoice of the owner's paid order: the one issued at payment, or issued now if the
     * payment's own issue has not happened (the document is the same either way: the order's
     * snapshot). Someone else's order is 404, as if it did not exist; an unpaid one is 409.
     */
    async invoice(owner: OrderOwner | null, hash: string): Promise<{ number: string; document: InvoiceDocument }> {
      if (!owner) throw unauthorised(MESSAGES.sessionExpired);
      const order = await rows.findByHash(hash);
      if (!order || !ownsOrder(order, owner)) throw notFound(t('global.error'));
      if (!order.paidAt) throw conflict(t('invoice.not_generated'));
      return issueOrderInvoice(db, order.id, now(), shop);
    },
  };
}
