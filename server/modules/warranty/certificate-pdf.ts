/**
 * Draws a warranty certificate (certificate-document.ts) as a one-page A4 PDF with pdfkit. It
 * reads nothing but the stored document, so a certificate drawn today and next year is the same.
 *
 * Layout: the shop top left, the title, number and dates top right; then the part, the vehicle it
 * was bought for and the term as label / value rows; what the warranty covers and does not; and at
 * the foot the QR code of the public page that confirms the certificate, its address written
 * under it so it can be typed.
 */
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { formatLongDate, londonParts } from '../../../src/domain/dates';
import type { CertificateDocument } from './certificate-document';

const A4 = { width: 595.28, height: 841.89 };
const EDGE = 50;
const WIDTH = A4.width - 2 * EDGE;
const QR_SIZE = 110;

const TEXT = '#1f2933';
const SOFT = '#5f6b7a';
const LINE = '#c9d1da';
const ACCENT = '#0f6e4f';

/** '3 July 2025 at 10:10 (UK time)': a term ends at an instant, so the certificate says which. */
export function certificateInstant(iso: string): string {
  const at = new Date(iso);
  const { hour, minute } = londonParts(at);
  const clock = [hour, minute].map((part) => String(part).padStart(2, '0')).join(':');
  return `${formatLongDate(at)} at ${clock} (UK time)`;
}

/** The QR code of the check address, as a PNG pdfkit can place (BWIPP's default error correction, M: 15 % of it may be lost). */
function qrCode(url: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'qrcode', text: url, scale: 4, paddingwidth: 0, paddingheight: 0, backgroundcolor: 'FFFFFF' });
}

function heading(doc: PDFKit.PDFDocument, text: string, y: number): number {
  doc.font('Helvetica-Bold').fontSize(11).fillColor(ACCENT).text(text, EDGE, y, { width: WIDTH });
  const below = doc.y + 3;
  doc.moveTo(EDGE, below).lineTo(EDGE + WIDTH, below).lineWidth(0.5).strokeColor(LINE).stroke();
  return below + 6;
}

/** Label / value rows; a value may wrap, and the next row starts under the taller of the two. */
function facts(doc: PDFKit.PDFDocument, pairs: readonly (readonly [string, string])[], top: number): number {
  const labelWidth = 130;
  let y = top;
  for (const [label, value] of pairs) {
    doc.font('Helvetica').fontSize(9.5).fillColor(SOFT).text(label, EDGE, y, { width: labelWidth });
    doc.font('Helvetica-Bold').fillColor(TEXT).text(value || '—', EDGE + labelWidth, y, { width: WIDTH - labelWidth });
    y = Math.max(doc.y, y + 13) + 3;
  }
  return y + 8;
}

function bullets(doc: PDFKit.PDFDocument, items: readonly string[], top: number, width: number): number {
  doc.font('Helvetica').fontSize(9).fillColor(TEXT);
  let y = top;
  for (const item of items) {
    doc.text(`•  ${item}`, EDGE, y, { width, indent: 0 });
    y = doc.y + 3;
  }
  return y + 6;
}

/** The certificate as PDF bytes. */
export async function renderCertificatePdf(certificate: CertificateDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: EDGE, bottom: 20, left: EDGE, right: EDGE },
    // Fixed from the document, so drawing the same certificate twice gives the same file.
    info: { Title: `Warranty certificate ${certificate.number}`, Author: certificate.shop.name, CreationDate: new Date(certificate.issued_at) },
  });
  const qr = await qrCode(certificate.check_url);

  doc.font('Helvetica-Bold').fontSize(18).fillColor(TEXT).text(certificate.shop.name, EDGE, EDGE, { width: 260 });
  doc.font('Helvetica').fontSize(9).fillColor(SOFT).text(certificate.shop.address_lines.join(', '), { width: 260 });
  if (certificate.shop.company_number) doc.text(`Company number: ${certificate.shop.company_number}`, { width: 260 });
  const shopBottom = doc.y;

  const right = EDGE + 270;
  doc.font('Helvetica-Bold').fontSize(20).fillColor(ACCENT).text('Warranty certificate', right, EDGE, { width: WIDTH - 270, align: 'right' });
  doc.font('Helvetica').fontSize(9.5).fillColor(TEXT);
  doc.text(`Certificate number: ${certificate.number}`, { width: WIDTH - 270, align: 'right' });
  doc.text(`Order ${certificate.order.number} of ${formatLongDate(new Date(certificate.order.created))}`, { width: WIDTH - 270, align: 'right' });
  doc.text(`Issued ${formatLongDate(new Date(certificate.issued_at))}`, { width: WIDTH - 270, align: 'right' });

  let y = heading(doc, 'The part', Math.max(shopBottom, doc.y) + 24);
  const { part, vehicle, warranty } = certificate;
  y = facts(
    doc,
    [
      ['Part', certificate.line.quantity > 1 ? `${part.name} (× ${certificate.line.quantity})` : part.name],
      ['Part reference', part.tag],
      ['Part number', part.part_number],
      ['Stock number', part.stock_number],
      ['Grade', part.grade],
      ['Donor vehicle', part.donor],
    ],
    y,
  );

  y = heading(doc, 'Bought for', y);
  y = vehicle
    ? facts(doc, [['Vehicle', vehicle.vrn ? `${vehicle.label} (${vehicle.vrn})` : vehicle.label], ...(vehicle.fit ? [['Fit shown at purchase', vehicle.fit] as const] : [])], y)
    : facts(doc, [['Vehicle', 'No vehicle was given with the order']], y);

  y = heading(doc, 'Warranty', y);
  y = facts(
    doc,
    [
      ['Warranty', warranty.name],
      ['Term', `${warranty.days} days from payment`],
      ['Valid from', certificateInstant(warranty.starts_at)],
      ['Valid until', certificateInstant(warranty.ends_at)],
    ],
    y,
  );

  y = heading(doc, 'What it covers', y);
  y = bullets(doc, certificate.covers, y, WIDTH);
  y = heading(doc, 'What it does not cover', y);
  y = bullets(doc, certificate.excludes, y, WIDTH);

  // The check: the QR code at the left of the foot, the address under it, and what it is for.
  const qrTop = Math.max(y + 4, A4.height - EDGE - QR_SIZE - 40);
  doc.image(qr, EDGE, qrTop, { width: QR_SIZE, height: QR_SIZE });
  doc.font('Helvetica').fontSize(8.5).fillColor(TEXT).text(certificate.check_url, EDGE, qrTop + QR_SIZE + 6, { width: WIDTH });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(SOFT)
    .text('Scan the code or open the address to confirm this certificate: its number, the part and the date it is valid until. To claim under the warranty, contact us with this certificate number.', EDGE + QR_SIZE + 16, qrTop + 8, { width: WIDTH - QR_SIZE - 16 });

  doc.end();
  const chunks: Buffer[] = [];
  for await (const chunk of doc as unknown as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
