/**
 * Warranty certificates (issue 32): the certificate of a paid order line, for the order's owner
 * (the same owner check as the invoice: the signed-in member, or the session a guest ordered
 * from), and the public confirmation of a certificate by its number.
 *
 * A certificate is issued the first time it is asked for (from the order-paid page, the account's
 * order or the order's mail) and stored: its number and everything it says are then fixed, and
 * the public page can confirm it. Its term runs from the order's payment for the warranty's days.
 */
import { randomBytes } from 'node:crypto';
import type { PublicWarrantyCertificate } from '../../../src/contract/warranty';
import { garageFit, vehicleName } from '../../../src/domain/garage-fit';
import { ownsOrder } from '../../../src/domain/order-owner';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import { isInWarranty, WARRANTY_COVERS, WARRANTY_EXCLUDES, warrantyCertificateNumber, warrantyCertificatePath, warrantyEndsAt } from '../../../src/domain/warranty-certificates';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { conflict, MESSAGES, notFound, unauthorised } from '../../errors';
import { orderLineVehiclesOf } from '../garage/index';
import { certificateDocumentSchema, type CertificateDocument } from './certificate-document';
import { createWarrantyRepository, type CertificateRow, type OrderLineRow, type OrderRow, type PartRecord } from './repository';

/** Whose orders a request may see: its session, and the member signed in on it. */
export interface OrderOwner {
  sessionId: string;
  memberId: number | null;
}

export interface WarrantyOptions {
  db: Database;
  shop: Config['shop'];
  publicUrl: string;
  now: () => Date;
}

/** 'Ford Focus 2014, engine T1DA': the donor vehicle as the part's record says it. */
function donorOf(part: PartRecord | null): string {
  if (!part) return '';
  const engine = part.engineCode ? `, engine ${part.engineCode}` : '';
  return `${part.make} ${part.model} ${part.year}${engine}`;
}

/** Issuing a line's certificate on a given handle (a claim's transaction), for the claims. */
export interface CertificateIssuer {
  /** The days of the line's warranty; null for a line sold without one. */
  warrantyDays(handle: Database, line: OrderLineRow): Promise<number | null>;
  issue(handle: Database, order: OrderRow & { paidAt: Date }, line: OrderLineRow, days: number): Promise<CertificateRow>;
  /** When the line's certificate says its term ends; null before it is issued. */
  certificateEnd(handle: Database, lineId: number): Promise<Date | null>;
}

export function createWarrantyService({ db, shop, publicUrl, now }: WarrantyOptions) {
  const rows = createWarrantyRepository(db);

  /** The line's certificate as stored, issuing it first when the line has none yet. */
  async function issue(order: OrderRow & { paidAt: Date }, line: OrderLineRow, days: number, handle: Database = db): Promise<CertificateRow> {
    const repo = createWarrantyRepository(handle);
    const existing = await repo.certificateOfLine(line.id);
    if (existing) return existing;
    const number = warrantyCertificateNumber(randomBytes(10));
    const issuedAt = now();
    const endsAt = warrantyEndsAt(order.paidAt, days);
    const part = await repo.part(line.partId);
    const vehicle = (await orderLineVehiclesOf(handle, [line.id])).get(line.id);
    const fit = vehicle ? garageFit(vehicle.CompatabilityLevel) : null;
    const document: CertificateDocument = {
      version: 1,
      number,
      issued_at: issuedAt.toISOString(),
      shop: { name: shop.name, address_lines: shop.addressLines, company_number: shop.companyNumber ?? null },
      order: { number: order.number, created: order.createdAt.toISOString() },
      line: { id: line.id, quantity: line.quantity },
      part: { name: line.name, tag: line.tag, part_number: part?.oem ?? '', stock_number: part?.stockNumber ?? '', grade: part?.grade ?? '', donor: donorOf(part) },
      vehicle: vehicle ? { label: vehicleName(vehicle), vrn: vehicle.vrn, fit: fit ? t(fit.labelKey, { vehicle: vehicleName(vehicle) }) : '' } : null,
      warranty: { name: line.warrantyName, days, starts_at: order.paidAt.toISOString(), ends_at: endsAt.toISOString() },
      covers: [...WARRANTY_COVERS],
      excludes: [...WARRANTY_EXCLUDES],
      check_url: publicUrl + warrantyCertificatePath(number),
    };
    return repo.insertCertificate({ number, orderProductId: line.id, orderId: order.id, issuedAt, startsAt: order.paidAt, endsAt, document });
  }

  const issuer: CertificateIssuer = {
    warrantyDays: async (handle, line) => (line.warrantyId == null ? null : createWarrantyRepository(handle).warrantyDays(line.warrantyId)),
    issue: (handle, order, line, days) => issue(order, line, days, handle),
    certificateEnd: async (handle, lineId) => (await createWarrantyRepository(handle).certificateOfLine(lineId))?.endsAt ?? null,
  };

  return {
    issuer,

    /**
     * The owner's certificate of one line: 401 without a session, 404 for someone else's order (as
     * if it did not exist), a line of another order or a line sold without a warranty, 409 while
     * the order is unpaid.
     */
    async certificate(owner: OrderOwner | null, hash: string, lineId: number): Promise<CertificateDocument> {
      if (!owner) throw unauthorised(MESSAGES.sessionExpired);
      const order = await rows.orderByHash(hash);
      if (!order || !ownsOrder(order, owner)) throw notFound(t('global.error'));
      const line = await rows.lineOfOrder(order.id, lineId);
      const days = line?.warrantyId == null ? null : await rows.warrantyDays(line.warrantyId);
      if (!line || days === null) throw notFound('This part has no warranty.');
      const { paidAt } = order;
      if (!paidAt) throw conflict('The warranty certificate is issued once the order is paid.');
      const stored = await issue({ ...order, paidAt }, line, days);
      return certificateDocumentSchema.parse(stored.document);
    },

    /** What the public page confirms: the part and its term, never the order or the buyer. */
    async publicCertificate(number: string): Promise<PublicWarrantyCertificate> {
      const stored = await rows.certificateByNumber(number);
      if (!stored) throw notFound('No warranty certificate has this number.');
      const document = certificateDocumentSchema.parse(stored.document);
      return {
        number: stored.number,
        part_name: document.part.name,
        part_number: document.part.part_number,
        stock_number: document.part.stock_number,
        grade: document.part.grade,
        warranty_name: document.warranty.name,
        valid_from: stored.startsAt.toISOString(),
        valid_until: stored.endsAt.toISOString(),
        in_warranty: isInWarranty(stored.endsAt, now()),
      };
    },
  };
}
