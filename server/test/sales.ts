/**
 * Back-office sales test helpers: orders, returns and part requests written straight into the
 * database in the state a test needs (paid by card or PayPal in the payment sandbox, picked,
 * dispatched…), so each try of the permission matrix and each behaviour test starts from its own.
 * Payments are written as the sandbox and settlement would leave them: the sandbox's intent or
 * PayPal capture (so a refund through the sandbox finds it) and the shop's payment row.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ORDER_STATUS, type ReturnStatus } from '../../src/domain/orders';
import type { ClaimStatus } from '../../src/domain/warranty-claims';
import type { Database } from '../db/client';
import { carts, members, orderProducts, orders, orderShipments, partRequests, payments, returnFiles, returnReasons, returns, sandboxPaymentIntents, sandboxPaypalOrders, warrantyCertificates, warrantyClaimFiles, warrantyClaims } from '../db/schema';
import { RETURN_REASONS } from '../seed/data/return-reasons';

let made = 0;
const token = () => randomBytes(8).toString('hex');

export interface SeededOrder {
  id: number;
  number: string;
  hash: string;
  memberId: number;
  email: string;
  lineId: number;
  toPay: number;
  /** The sandbox's pi_… or PayPal capture id, when paid. */
  reference: string | null;
}

export interface OrderSeed {
  status?: number;
  /** How it was paid; null: not paid. Paid by card unless told. */
  paidWith?: 'stripe' | 'paypal' | null;
  toPay?: number;
  email?: string;
  /** An existing member to place it for (the member's own account shows it). */
  memberId?: number;
  tag?: string;
  at?: Date;
}

/** A member (not a guest) to own seeded orders. */
export async function seedMember(db: Database, email = `buyer${(made += 1)}@example.co.uk`): Promise<number> {
  const [member] = await db.insert(members).values({ email, firstName: 'Sam', lastName: 'Turner' }).returning({ id: members.id });
  if (!member) throw new Error('no member');
  return member.id;
}

/** An order of one line, in `status` (PAID unless told), paid in the sandbox unless unpaid. */
export async function seedOrder(db: Database, seed: OrderSeed = {}): Promise<SeededOrder> {
  made += 1;
  const status = seed.status ?? ORDER_STATUS.PAID;
  const paidWith = seed.paidWith === undefined ? (status === ORDER_STATUS.NOT_PAID || status === ORDER_STATUS.CANCELLED ? null : 'stripe') : seed.paidWith;
  const toPay = seed.toPay ?? 12_000;
  const at = seed.at ?? new Date('2026-03-01T10:00:00Z');
  const email = seed.email ?? `buyer${made}@example.co.uk`;
  const memberId = seed.memberId ?? (await seedMember(db, email));
  const [cart] = await db.insert(carts).values({ sessionId: `seed-${made}-${token()}`, memberId, status: 'ordered' }).returning({ id: carts.id });
  if (!cart) throw new Error('no cart');
  const number = `S${String(700000 + made)}${token().slice(0, 4).toUpperCase()}`;
  const hash = `seeded-order-${token()}${token()}`;
  const [order] = await db
    .insert(orders)
    .values({
      number,
      hash,
      statusId: status,
      cartId: cart.id,
      memberId,
      sessionId: `seed-${made}`,
      email,
      subTotal: Math.round(toPay / 1.2),
      grossSubTotal: toPay,
      amountDiscountThreshold: 0,
      deliveryValue: 0,
      commissionValue: 0,
      taxValue: toPay - Math.round(toPay / 1.2),
      totalValue: toPay,
      toPay,
      regionId: 1,
      regionName: 'England and Wales',
      regionPostcode: 'LS1 4AP',
      deliveryId: 2,
      deliveryName: 'Tracked courier',
      packageType: 'REGULAR_PARCELS',
      billingAddress: { first_name: 'Sam', last_name: 'Turner', postcode: 'LS1 4AP', address1: '1 Park Row', city: 'Leeds' },
      deliveryAddress: { first_name: 'Sam', last_name: 'Turner', postcode: 'LS1 4AP', address1: '1 Park Row', city: 'Leeds' },
      createdAt: at,
      holdExpiresAt: new Date(at.getTime() + 3_600_000),
      paidAt: paidWith ? at : null,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('no order');
  const [line] = await db
    .insert(orderProducts)
    .values({
      orderId: order.id,
      partId: 1,
      tag: seed.tag ?? `SEED${made}`,
      name: 'Alternator, Volkswagen Golf',
      quantity: 1,
      netPrice: Math.round(toPay / 1.2),
      grossPrice: toPay,
      warrantyName: 'Standard warranty',
      warrantyPrice: 0,
      warrantyGrossPrice: 0,
      value: Math.round(toPay / 1.2),
      grossValue: toPay,
      taxPercentage: 20,
    })
    .returning({ id: orderProducts.id });
  if (!line) throw new Error('no line');

  let reference: string | null = null;
  if (paidWith === 'stripe') {
    reference = `pi_seed${token()}`;
    await db.insert(sandboxPaymentIntents).values({ id: reference, clientSecret: `${reference}_secret_${token()}`, amount: toPay, currency: 'gbp', status: 'succeeded', metadata: { order_hash: hash, order_number: number }, createdAt: at, updatedAt: at });
    await db.insert(payments).values({ orderId: order.id, provider: 'stripe', providerReference: reference, method: 'STRIPE_CARD', amount: toPay, currency: 'gbp', paidAt: at });
  } else if (paidWith === 'paypal') {
    reference = `3C${token().toUpperCase()}`;
    await db.insert(sandboxPaypalOrders).values({ id: `5O${token().toUpperCase()}`, status: 'COMPLETED', amount: toPay, currency: 'GBP', customId: hash, invoiceId: number, captureId: reference, captureStatus: 'COMPLETED', createdAt: at, updatedAt: at });
    await db.insert(payments).values({ orderId: order.id, provider: 'paypal', providerReference: reference, method: 'PAYPAL', amount: toPay, currency: 'gbp', paidAt: at });
  }
  if (status === ORDER_STATUS.DISPATCHED || status === ORDER_STATUS.DELIVERED) {
    await db.insert(orderShipments).values({ orderId: order.id, carrier: 'DPD', trackingNumber: `15501${made}`, dispatchedAt: at });
  }
  return { id: order.id, number, hash, memberId, email, lineId: line.id, toPay, reference };
}

/** The shop's return reasons (as the seed writes them), once. */
async function ensureReasons(db: Database): Promise<number> {
  const [first] = await db.select({ id: returnReasons.id }).from(returnReasons).limit(1);
  if (first) return first.id;
  await db
    .insert(returnReasons)
    .values(RETURN_REASONS.map((reason, position) => ({ id: reason.id, name: reason.name, position, formFields: reason.formFields, active: true })))
    .onConflictDoNothing();
  const [row] = await db.select({ id: returnReasons.id }).from(returnReasons).orderBy(returnReasons.position).limit(1);
  if (!row) throw new Error('no return reasons');
  return row.id;
}

/** The first reason's form ('Does not fit my vehicle') as a customer filled it in. */
const ANSWERS = { registration: 'WP66KLM', not_fitting: 'The pulley is a different size.', compared_old_part: 'yes', old_part_number: '03L903023F' };

/** A return of a seeded paid order's line in `status`, with one photo. */
export async function seedReturn(db: Database, status: ReturnStatus = 'AWAITING_REVIEW', order?: SeededOrder): Promise<{ id: number; fileId: number; order: SeededOrder }> {
  const paid = order ?? (await seedOrder(db, { status: ORDER_STATUS.DELIVERED }));
  const reasonId = await ensureReasons(db);
  const at = new Date('2026-03-01T12:00:00Z');
  const [row] = await db
    .insert(returns)
    .values({ orderId: paid.id, orderProductId: paid.lineId, memberId: paid.memberId, returnReasonId: reasonId, status, answers: ANSWERS, createdAt: at, updatedAt: at })
    .returning({ id: returns.id });
  if (!row) throw new Error('no return');
  // A 1×1 WebP, as the returns module stores a re-encoded photo.
  const webp = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');
  const [file] = await db.insert(returnFiles).values({ returnId: row.id, field: 'photos', contentType: 'image/webp', width: 1, height: 1, data: webp, createdAt: at }).returning({ id: returnFiles.id });
  if (!file) throw new Error('no file');
  await db.update(returns).set({ answers: { ...ANSWERS, photos: [file.id] } }).where(eq(returns.id, row.id));
  return { id: row.id, fileId: file.id, order: paid };
}

/** A part request in `status`, a member's unless told. */
export async function seedPartRequest(db: Database, status: 'new' | 'searching' | 'found' | 'not_found' = 'new', memberId: number | null = null): Promise<number> {
  made += 1;
  const [row] = await db
    .insert(partRequests)
    .values({ carReg: 'WP66KLM', email: `asker${made}@example.co.uk`, name: 'Jo Bloggs', partName: 'Alternator', status, memberId, sessionId: `seed-${made}`, createdAt: new Date('2026-03-01T09:00:00Z') })
    .returning({ id: partRequests.id });
  if (!row) throw new Error('no part request');
  return row.id;
}

/** A warranty claim of a seeded paid order's line in `status`, with its certificate and one photo. */
export async function seedClaim(db: Database, status: ClaimStatus = 'submitted'): Promise<{ id: number; fileId: number; order: SeededOrder }> {
  const paid = await seedOrder(db, { status: ORDER_STATUS.DELIVERED });
  const at = new Date('2026-03-02T12:00:00Z');
  const [certificate] = await db
    .insert(warrantyCertificates)
    .values({ number: `WC-SEED-${token().slice(0, 4).toUpperCase()}-${made}`, orderProductId: paid.lineId, orderId: paid.id, issuedAt: at, startsAt: at, endsAt: new Date(at.getTime() + 30 * 86_400_000), document: { check_url: 'https://parts.example/warranty/WC' } })
    .returning({ id: warrantyCertificates.id });
  if (!certificate) throw new Error('no certificate');
  const [claim] = await db
    .insert(warrantyClaims)
    .values({ certificateId: certificate.id, orderId: paid.id, orderProductId: paid.lineId, memberId: paid.memberId, reason: 'other', answers: { description: 'It stopped charging.' }, fittedOn: '2026-03-02', mileage: 84_210, garageName: 'Turner Motors', status, createdAt: at, updatedAt: at })
    .returning({ id: warrantyClaims.id });
  if (!claim) throw new Error('no claim');
  const webp = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');
  const [file] = await db.insert(warrantyClaimFiles).values({ claimId: claim.id, field: 'photos', filename: 'part.webp', contentType: 'image/webp', data: webp, createdAt: at }).returning({ id: warrantyClaimFiles.id });
  if (!file) throw new Error('no file');
  return { id: claim.id, fileId: file.id, order: paid };
}
