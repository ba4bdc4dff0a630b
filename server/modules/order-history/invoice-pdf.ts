/**
 * Draws a VAT invoice (invoice-document.ts) as an A4 PDF with pdfkit. It reads nothing but the
 * stored document, so an invoice drawn today and in five years shows the same figures; only the
 * layout belongs to this file.
 *
 * Layout: the shop's name and identity top left, the title and the invoice's numbers and dates top
 * right, the buyer below, then one table (description, quantity, unit price, net, VAT rate, VAT,
 * gross: amounts right-aligned) whose header is drawn again on each new page, the totals under its
 * amount columns, and 'Page n of m' in every page's footer.
 */
import PDFDocument from 'pdfkit';
import { formatLongDate, londonParts } from '../../../src/domain/dates';
import { t } from '../../../src/domain/messages';
import '../../../src/domain/messages-more';
import { formatMoney } from '../../../src/domain/money';
import type { InvoiceDocument } from './invoice-document';

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const FOOTER_HEIGHT = 36;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN - FOOTER_HEIGHT;

const INK = '#1f2933';
const MUTED = '#5f6b7a';
const RULE = '#c9d1da';
const BAND = '#eef2f6';

const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/** The table's columns, left to right; their widths add up to the content width (495 pt). */
const COLUMNS = [
  { key: 'description', width: 191, align: 'left' },
  { key: 'quantity', width: 30, align: 'right' },
  { key: 'unit', width: 58, align: 'right' },
  { key: 'net', width: 58, align: 'right' },
  { key: 'rate', width: 42, align: 'right' },
  { key: 'vat', width: 54, align: 'right' },
  { key: 'gross', width: 62, align: 'right' },
] as const;
type ColumnKey = (typeof COLUMNS)[number]['key'];

const CELL_PADDING = 4;

const money = (pence: number) => formatMoney(pence, { currency: 'GBP' });

/** '3 June 2025, 14:05' on London's clock: the time of supply needs the time as well as the date. */
function dateTime(iso: string): string {
  const instant = new Date(iso);
  const { hour, minute } = londonParts(instant);
  return `${formatLongDate(instant)}, ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

interface Row {
  title: string;
  detail: string;
  cells: Partial<Record<Exclude<ColumnKey, 'description'>, string>>;
}

function columnX(key: ColumnKey): number {
  let x = MARGIN;
  for (const column of COLUMNS) {
    if (column.key === key) return x;
    x += column.width;
  }
  return x;
}

function rowsOf(invoice: InvoiceDocument): Row[] {
  const amounts = (row: { net: number; vat_rate: number; vat: number; gross: number }) => ({
    net: money(row.net),
    rate: `${row.vat_rate}%`,
    vat: money(row.vat),
    gross: money(row.gross),
  });
  const rows: Row[] = invoice.lines.map((line) => ({
    title: line.name,
    detail: `${t('invoice.pdf_part_ref', { tag: line.tag })} · ${line.warranty || t('invoice.pdf_no_warranty')}`,
    cells: { quantity: String(line.quantity), unit: money(line.unit_net), ...amounts(line) },
  }));
  rows.push({ title: t('invoice.pdf_delivery', { name: invoice.delivery.name }), detail: '', cells: { quantity: '1', unit: money(invoice.delivery.net), ...amounts(invoice.delivery) } });
  if (invoice.commission) rows.push({ title: t('invoice.pdf_commission'), detail: '', cells: { quantity: '1', unit: money(invoice.commission.net), ...amounts(invoice.commission) } });
  if (invoice.loyalty_discount) rows.push({ title: t('invoice.pdf_loyalty'), detail: '', cells: amounts(invoice.loyalty_discount) });
  return rows;
}

/** The invoice as PDF bytes. */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    // Fixed from the document, so drawing the same invoice twice gives the same file.
    info: { Title: `${t('invoice.pdf_title')} ${invoice.number}`, Author: invoice.seller.name, CreationDate: new Date(invoice.issued_at) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const y = drawHeading(doc, invoice);
  const afterTable = drawTable(doc, invoice, y);
  drawTotals(doc, invoice, afterTable);
  drawFooters(doc, invoice);
  doc.end();
  return done;
}

function drawHeading(doc: PDFKit.PDFDocument, invoice: InvoiceDocument): number {
  const { seller, buyer } = invoice;
  const leftWidth = 270;
  const rightX = MARGIN + leftWidth + 15;
  const rightWidth = CONTENT_WIDTH - leftWidth - 15;

  // The seller: who issues the invoice, as HMRC requires it named.
  doc.fillColor(INK).font(BOLD).fontSize(18).text(seller.name, MARGIN, MARGIN, { width: leftWidth });
  doc.moveDown(0.3).font(FONT).fontSize(9).fillColor(MUTED);
  for (const line of seller.address_lines) doc.text(line, { width: leftWidth });
  doc.moveDown(0.3).fillColor(INK).text(t('invoice.pdf_vat_number', { number: seller.vat_number }), { width: leftWidth });
  if (seller.company_number) doc.text(t('invoice.pdf_company_number', { number: seller.company_number }), { width: leftWidth });
  const leftBottom = doc.y;

  // The title and the invoice's own facts, as label / value pairs.
  doc.font(BOLD).fontSize(20).fillColor(INK).text(t('invoice.pdf_title'), rightX, MARGIN, { width: rightWidth, align: 'right' });
  let factY = doc.y + 6;
  const facts: [string, string][] = [
    [t('invoice.pdf_number'), invoice.number],
    [t('invoice.pdf_issued'), formatLongDate(new Date(invoice.issued_at))],
    [t('invoice.pdf_supplied'), dateTime(invoice.supplied_at)],
    [t('invoice.pdf_order'), invoice.order.number],
    [t('invoice.pdf_order_date'), formatLongDate(new Date(invoice.order.created))],
  ];
  const labelWidth = 110;
  for (const [label, value] of facts) {
    doc.font(FONT).fontSize(9).fillColor(MUTED).text(label, rightX, factY, { width: labelWidth });
    doc.font(BOLD).fillColor(INK).text(value, rightX + labelWidth, factY, { width: rightWidth - labelWidth, align: 'right' });
    factY = Math.max(doc.y, factY + 13);
  }

  // The buyer, from the billing address the order was placed with.
  let y = Math.max(leftBottom, factY) + 22;
  doc.font(BOLD).fontSize(8).fillColor(MUTED).text(t('invoice.pdf_bill_to').toUpperCase(), MARGIN, y, { width: leftWidth, characterSpacing: 0.5 });
  doc.moveDown(0.3).font(BOLD).fontSize(10).fillColor(INK);
  if (buyer.company_name && buyer.company_name !== buyer.name) {
    doc.text(buyer.company_name, { width: leftWidth });
    doc.font(FONT);
  }
  if (buyer.name) doc.text(buyer.name, { width: leftWidth });
  doc.font(FONT).fontSize(9);
  for (const line of buyer.address_lines) doc.text(line, { width: leftWidth });
  if (buyer.vat_number) doc.text(t('invoice.pdf_buyer_vat', { number: buyer.vat_number }), { width: leftWidth });
  if (buyer.email) doc.fillColor(MUTED).text(buyer.email, { width: leftWidth });
  y = doc.y + 20;
  return y;
}

function drawTableHeader(doc: PDFKit.PDFDocument, y: number): number {
  const labels: Record<ColumnKey, string> = {
    description: t('invoice.pdf_description'),
    quantity: t('invoice.pdf_quantity'),
    unit: t('invoice.pdf_unit_net'),
    net: t('invoice.pdf_net'),
    rate: t('invoice.pdf_vat_rate'),
    vat: t('invoice.pdf_vat'),
    gross: t('invoice.pdf_gross'),
  };
  const height = 20;
  doc.rect(MARGIN, y, CONTENT_WIDTH, height).fill(BAND);
  doc.font(BOLD).fontSize(8).fillColor(INK);
  for (const column of COLUMNS) {
    doc.text(labels[column.key], columnX(column.key) + CELL_PADDING, y + 6, { width: column.width - 2 * CELL_PADDING, align: column.align, lineBreak: false });
  }
  return y + height;
}

function drawTable(doc: PDFKit.PDFDocument, invoice: InvoiceDocument, top: number): number {
  let y = drawTableHeader(doc, top);
  const descriptionWidth = COLUMNS[0].width - 2 * CELL_PADDING;
  for (const row of rowsOf(invoice)) {
    doc.font(BOLD).fontSize(9);
    const titleHeight = doc.heightOfString(row.title, { width: descriptionWidth });
    doc.font(FONT).fontSize(8);
    const detailHeight = row.detail ? doc.heightOfString(row.detail, { width: descriptionWidth }) + 2 : 0;
    const height = Math.max(titleHeight + detailHeight, 11) + 12;
    // A row never splits across pages: it moves to the next one, under the header drawn again.
    if (y + height > BOTTOM) {
      doc.addPage();
      y = drawTableHeader(doc, MARGIN);
    }
    const textY = y + 6;
    doc.font(BOLD).fontSize(9).fillColor(INK).text(row.title, MARGIN + CELL_PADDING, textY, { width: descriptionWidth });
    if (row.detail) doc.font(FONT).fontSize(8).fillColor(MUTED).text(row.detail, MARGIN + CELL_PADDING, textY + titleHeight + 2, { width: descriptionWidth });
    doc.font(FONT).fontSize(9).fillColor(INK);
    for (const column of COLUMNS.slice(1)) {
      const value = row.cells[column.key as Exclude<ColumnKey, 'description'>];
      if (value) doc.text(value, columnX(column.key) + CELL_PADDING, textY, { width: column.width - 2 * CELL_PADDING, align: column.align, lineBreak: false });
    }
    y += height;
    doc.moveTo(MARGIN, y).lineTo(MARGIN + CONTENT_WIDTH, y).lineWidth(0.5).strokeColor(RULE).stroke();
  }
  return y;
}

function drawTotals(doc: PDFKit.PDFDocument, invoice: InvoiceDocument, top: number): void {
  const lines: { label: string; value: string; strong?: boolean }[] = [
    { label: t('invoice.pdf_total_net'), value: money(invoice.totals.net) },
    { label: t('invoice.pdf_total_vat'), value: money(invoice.totals.vat) },
    { label: t('invoice.pdf_total_gross'), value: money(invoice.totals.gross), strong: true },
  ];
  if (invoice.discount_code) lines.push({ label: t('invoice.pdf_discount_code', { name: invoice.discount_code.name }), value: money(-invoice.discount_code.amount) });
  lines.push({ label: t('invoice.pdf_paid'), value: money(invoice.amount_paid), strong: true });

  const lineHeight = 17;
  const needed = lines.length * lineHeight + 40;
  let y = top + 12;
  if (y + needed > BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  // Labels under the unit to rate columns, values under the gross column: the totals line up with the table's amounts.
  const labelX = columnX('unit');
  const valueX = columnX('gross');
  const valueWidth = MARGIN + CONTENT_WIDTH - valueX - CELL_PADDING;
  for (const line of lines) {
    if (line.strong) {
      doc.rect(labelX, y - 4, MARGIN + CONTENT_WIDTH - labelX, lineHeight).fill(BAND);
    }
    doc.font(line.strong ? BOLD : FONT).fontSize(9.5).fillColor(INK);
    doc.text(line.label, labelX + CELL_PADDING, y, { width: valueX - labelX - CELL_PADDING, lineBreak: false });
    doc.text(line.value, valueX, y, { width: valueWidth, align: 'right', lineBreak: false });
    y += lineHeight + (line.strong ? 3 : 0);
  }
  doc.font(FONT).fontSize(8).fillColor(MUTED).text(t('invoice.pdf_currency'), MARGIN, y + 10, { width: CONTENT_WIDTH });
}

function drawFooters(doc: PDFKit.PDFDocument, invoice: InvoiceDocument): void {
  const range = doc.bufferedPageRange();
  const footerY = PAGE.height - MARGIN - 14;
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Writing below the bottom margin would make pdfkit start a page: the margin is lifted while the footer is drawn.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.moveTo(MARGIN, footerY - 8).lineTo(MARGIN + CONTENT_WIDTH, footerY - 8).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.font(FONT).fontSize(8).fillColor(MUTED);
    doc.text(`${invoice.seller.name} · ${t('invoice.pdf_vat_number', { number: invoice.seller.vat_number })} · ${invoice.number}`, MARGIN, footerY, { width: CONTENT_WIDTH * 0.75, lineBreak: false });
    doc.text(t('invoice.pdf_page', { page: index - range.start + 1, pages: range.count }), MARGIN, footerY, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}
