/**
 * Warranty certificates (issue 32): the PDF certificate of a paid order line, for the order's
 * owner, and the public check of a certificate by its number (the page its QR code opens), which
 * says what part it covers and until when, and nothing about the buyer.
 */
import * as z from 'zod/mini';
import { WARRANTY_CERTIFICATE_NUMBER } from '../domain/warranty-certificates';
import { defineCall } from './define';
import { success } from './envelope';
import { orderHashSchema } from './orders';
import { lazySchema } from '../domain/lazy-schema';

const MAX_INTEGER = 2_147_483_647;

export const warrantyCertificateNumberSchema = lazySchema(() => z.string().check(z.regex(WARRANTY_CERTIFICATE_NUMBER, 'Not a certificate number.')));

/**
 * GET /orders/{hash}/lines/{line}/warranty-certificate — the line's warranty certificate as a PDF,
 * issued the first time it is asked for and the same afterwards. The order's owner only (as the
 * invoice): 401 without a session, 404 for someone else's order, an unknown line or a line without
 * a warranty; 409 while the order is unpaid.
 */
export const warrantyCertificatePdf = {
  method: 'GET',
  path: '/orders/:hash/lines/:line/warranty-certificate',
  params: z.object({
    hash: orderHashSchema,
    line: z.coerce.number({ error: 'Must be a number.' }).check(z.int('Must be a whole number.'), z.gte(1, 'Must be 1 or more.'), z.lte(MAX_INTEGER, 'Too large.')),
  }),
} as const;

/** The certificate's download path, for links (a plain GET with the visitor's cookies). */
export const warrantyCertificatePdfPath = (hash: string, lineId: number) => `/orders/${hash}/lines/${lineId}/warranty-certificate`;

/** The file name the certificate is sent with. */
export const warrantyCertificateFileName = (number: string) => `warranty-${number}.pdf`;

/** What anyone holding the number may read: the certificate, the part and its term; no order, no person. */
export const publicWarrantyCertificateSchema = lazySchema(() => z.object({
  number: z.string(),
  part_name: z.string(),
  part_number: z.string(),
  stock_number: z.string(),
  grade: z.string(),
  warranty_name: z.string(),
  /** ISO 8601: when the order was paid, the term's start. */
  valid_from: z.string(),
  /** ISO 8601: the instant the term ends. */
  valid_until: z.string(),
  /** Whether the term still runs now, by the shop's clock. */
  in_warranty: z.boolean(),
}));
export type PublicWarrantyCertificate = z.infer<typeof publicWarrantyCertificateSchema>;

/** GET /warranty-certificates/{number} — the public confirmation of a certificate; 404 for a number never issued. */
export const getWarrantyCertificate = defineCall({
  method: 'GET',
  path: '/warranty-certificates/:number',
  summary: 'A warranty certificate confirmed by its number: the part and its term, no personal data',
  params: lazySchema(() => z.object({ number: warrantyCertificateNumberSchema })),
  response: lazySchema(() => success({ certificate: publicWarrantyCertificateSchema })),
});
