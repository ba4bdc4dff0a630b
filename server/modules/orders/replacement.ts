/**
 * A replacement order (issue 32: a warranty claim approved with a replacement): a part on sale,
 * by its tag, sent to the claim's order's addresses at no cost. The order is made paid (there is
 * nothing to pay) with no cart, its one line at zero price with the original line's warranty, and
 * the part sold at once; it then goes through picking and dispatch as any paid order.
 */
import { randomBytes } from 'node:crypto';
import { ORDER_STATUS } from '../../../src/domain/orders';
import type { Database } from '../../db/client';
import { createPartStatus } from '../catalogue/index';
import { createOrderPaymentAccess } from './payment-access';
import { createReplacementRepository } from './replacement-repository';
import { createOrderRepository } from './repository';
import { orderNumber } from './service';

export interface ReplacementRequest {
  /** The order the claimed line belongs to: its member, e-mail, addresses and delivery. */
  fromOrderId: number;
  /** The claimed line: its name and warranty go on the replacement's line. */
  fromLineId: number;
  /** The replacement part's tag: it must be on sale. */
  tag: string;
  at: Date;
}

/** The replacement order's id and number; null when the part is not on sale (no such tag, reserved or sold). */
export async function createReplacementOrder(tx: Database, request: ReplacementRequest): Promise<{ id: number; number: string } | null> {
  const rows = createReplacementRepository(tx);
  const found = await rows.orderAndLine(request.fromOrderId, request.fromLineId);
  if (!found) throw new Error('the claimed order or line is gone');
  const { order: from, line } = found;
  // Reserved as create-order reserves a cart's parts, then sold with the order's payment (here: none to make).
  const repository = createOrderRepository(tx);
  const partId = await rows.partIdOf(request.tag);
  if (partId === null || (await createPartStatus(tx).reserve([request.tag], request.at)).length === 0) return null;
  const part = { id: partId, tag: request.tag };
  const id = await repository.nextOrderId();
  const number = orderNumber(id);
  await repository.insert(
    {
      id,
      number,
      hash: randomBytes(24).toString('base64url'),
      statusId: ORDER_STATUS.PAID,
      cartId: null,
      memberId: from.memberId,
      sessionId: from.sessionId,
      email: from.email,
      subTotal: 0,
      grossSubTotal: 0,
      amountDiscountThreshold: 0,
      deliveryValue: 0,
      commissionValue: 0,
      taxValue: 0,
      totalValue: 0,
      toPay: 0,
      regionId: from.regionId,
      regionName: from.regionName,
      regionPostcode: from.regionPostcode,
      deliveryId: from.deliveryId,
      deliveryName: from.deliveryName,
      packageType: from.packageType,
      paymentTypeId: null,
      billingAddress: from.billingAddress,
      deliveryAddress: from.deliveryAddress,
      commentsDelivery: `Warranty replacement for order ${from.number}`,
      createdAt: request.at,
      holdExpiresAt: request.at,
      holdReleasedAt: request.at,
      paidAt: request.at,
    },
    [
      {
        orderId: id,
        partId: part.id,
        tag: part.tag,
        name: line.name,
        image: line.image,
        quantity: 1,
        netPrice: 0,
        grossPrice: 0,
        warrantyId: line.warrantyId,
        warrantyName: line.warrantyName,
        warrantyPrice: 0,
        warrantyGrossPrice: 0,
        value: 0,
        grossValue: 0,
        taxPercentage: line.taxPercentage,
      },
    ],
    null,
  );
  await createOrderPaymentAccess(tx).markPaid(id, request.at);
  return { id, number };
}
