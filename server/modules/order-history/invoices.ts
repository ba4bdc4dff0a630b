/**
 * Issuing VAT invoices (issue 14): one per paid order, numbered INV-000001, INV-000002… in the
 * order they are issued, without gaps, and never changed afterwards.
 */
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { buildInvoiceDocument, invoiceDocumentSchema, type InvoiceDocument } from './invoice-document';
import { createOrderHistoryRepository } from './repository';

/** 'INV-000042': the invoice's unique number, from its place in the sequence. */
export const invoiceNumber = (sequence: number) => `INV-${String(sequence).padStart(6, '0')}`;

export type ShopIdentity = Config['shop'];

export interface IssuedInvoice {
  number: string;
  document: InvoiceDocument;
}

/**
 * The order's invoice: the one it already has, or a new one. Runs in a transaction of its own
 * (a savepoint when `db` is already a transaction), whose advisory lock is held to the end of the
 * outermost transaction: two issuers take turns, the second finds the first's invoice, and the
 * next number is read from the rows under the lock, so a payment that rolls back takes its number
 * back with it. The time of supply is the order's paid_at; an unpaid order has no invoice (409).
 */
export async function issueOrderInvoice(db: Database, orderId: number, at: Date, shop: ShopIdentity): Promise<IssuedInvoice> {
  const existing = await createOrderHistoryRepository(db).invoiceOfOrder(orderId);
  if (existing) return { number: existing.number, document: invoiceDocumentSchema.parse(existing.document) };
  return db.transaction(async (tx) => {
    const rows = createOrderHistoryRepository(tx);
    await rows.lockNumbering();
    // Asked again under the lock: a twin issuer may have written it while this one waited.
    const issued = await rows.invoiceOfOrder(orderId);
    if (issued) return { number: issued.number, document: invoiceDocumentSchema.parse(issued.document) };
    const order = await rows.findById(orderId);
    if (!order) throw notFound();
    if (!order.paidAt) throw conflict(t('invoice.not_generated'));
    const sequence = await rows.nextSequence();
    const number = invoiceNumber(sequence);
    const document = buildInvoiceDocument({ number, issuedAt: at, suppliedAt: order.paidAt, shop, order, lines: await rows.lines(order.id) });
    await rows.insertInvoice({ sequence, number, orderId: order.id, issuedAt: at, suppliedAt: order.paidAt, document });
    return { number, document };
  });
}
