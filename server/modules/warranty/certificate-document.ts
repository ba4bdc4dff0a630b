/**
 * The warranty certificate as data (issue 32): everything its PDF and its public page show, built
 * once at issue from the order line's snapshot (name, warranty, the vehicle it was bought for),
 * the part's record (part number, stock number, grade, donor vehicle) and the shop's identity, and
 * kept in warranty_certificates.document so the certificate reads the same whatever later happens
 * to the catalogue (a sold part leaves it) or to SHOP_*.
 */
import { z } from 'zod';

export const certificateDocumentSchema = z.object({
  /** The document's own version: a later layout can still draw the certificates issued before it. */
  version: z.literal(1),
  number: z.string().min(1),
  issued_at: z.iso.datetime({ offset: true }),
  shop: z.object({ name: z.string().min(1), address_lines: z.array(z.string()), company_number: z.string().nullable() }),
  order: z.object({ number: z.string(), created: z.iso.datetime({ offset: true }) }),
  line: z.object({ id: z.number().int(), quantity: z.number().int().positive() }),
  part: z.object({
    name: z.string(),
    /** The shop's reference of the part (its tag, as on the invoice). */
    tag: z.string(),
    part_number: z.string(),
    stock_number: z.string(),
    grade: z.string(),
    /** 'Ford Focus 2014, engine T1DA': the vehicle the part was taken from; '' when the catalogue no longer has the part. */
    donor: z.string(),
  }),
  /** The vehicle the buyer bought it for (the line's fitment snapshot); null when bought without one. */
  vehicle: z.object({ label: z.string(), vrn: z.string().nullable(), fit: z.string() }).nullable(),
  warranty: z.object({
    name: z.string(),
    days: z.number().int().positive(),
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }),
  }),
  covers: z.array(z.string()),
  excludes: z.array(z.string()),
  /** The public page that confirms the certificate: the QR code's target, written under it too. */
  check_url: z.string(),
});
export type CertificateDocument = z.infer<typeof certificateDocumentSchema>;
