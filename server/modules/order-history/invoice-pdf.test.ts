import { describe, expect, it } from 'vitest';
import { formatMoney, grossFromNet } from '../../../src/domain/money';
import { buildInvoiceDocument, type InvoiceSource } from './invoice-document';
import { renderInvoicePdf } from './invoice-pdf';
import { pdfPages } from '../../test/pdf-text';

/** A company's order of `count` parts with a loyalty discount, a payment fee and a discount code. */
function invoiceOf(count: number) {
  const lines = Array.from({ length: count }, (_, index) => {
    const net = 6666 + index * 1234;
    const warranty = index % 2 ? 833 : 0;
    return {
      tag: `P00${String(12_000 + index)}`,
      name: index === 1 ? 'Ford Focus Mk3 2011-2014 1.6 TDCi Alternator 150A with pulley, bench tested' : `Alternator ${index + 1}`,
      quantity: 1,
      netPrice: net,
      warrantyName: warranty ? '3 months warranty' : '30 days warranty',
      warrantyPrice: warranty,
      value: net + warranty,
      grossValue: grossFromNet(net) + grossFromNet(warranty),
      taxPercentage: 20,
    };
  });
  const subTotal = lines.reduce((sum, line) => sum + line.value, 0);
  const loyalty = Math.round(subTotal * 0.05);
  const net = subTotal - loyalty + 1250 + 120;
  const tax = grossFromNet(net) - net;
  const source: InvoiceSource = {
    number: 'INV-000042',
    issuedAt: new Date('2025-01-15T13:05:00Z'),
    suppliedAt: new Date('2025-01-15T13:04:00Z'),
    shop: { name: 'PartsFinder UK Ltd', addressLines: ['Unit 4, Brookside Industrial Estate', 'Birmingham', 'B10 0AA'], vatNumber: 'GB 123 4567 89', companyNumber: '01234567' },
    order: {
      number: 'PF-000007',
      createdAt: new Date('2025-01-15T12:50:00Z'),
      email: 'accounts@turner-motors.co.uk',
      subTotal,
      amountDiscountThreshold: loyalty,
      deliveryName: 'Tracked courier',
      deliveryValue: 1250,
      commissionValue: 120,
      taxValue: tax,
      totalValue: net + tax,
      discountCodeName: 'Summer 10',
      discountCodeAmount: 1000,
      toPay: net + tax - 1000,
      billingAddress: { first_name: 'Sam', last_name: 'Turner', company_name: 'Turner Motors Ltd', vat_no: 'GB 987 6543 21', address1: '2 Mill Hill', city: 'Leeds', postcode: 'LS1 4AP', country: { name: 'United Kingdom' } },
    },
    lines,
  };
  return buildInvoiceDocument(source);
}

describe('renderInvoicePdf', () => {
  it('shows the fee, the loyalty discount, the code and the buyer’s company and VAT number (GMT: the time of supply as paid)', async () => {
    const invoice = invoiceOf(2);
    const [page, ...more] = await pdfPages(await renderInvoicePdf(invoice));
    expect(more).toEqual([]);
    for (const expected of [
      'Turner Motors Ltd',
      'VAT number: GB 987 6543 21',
      'Time of supply (tax point)',
      '15 January 2025, 13:04',
      'Payment fee',
      'Loyalty discount',
      formatMoney(invoice.loyalty_discount?.net ?? 0),
      'Discount code Summer 10',
      formatMoney(-1000),
      formatMoney(invoice.amount_paid),
      'Page 1 of 1',
    ]) {
      expect(page).toContain(expected);
    }
  });

  it('carries a long table over pages, every line once, with the totals at the end and Page n of m on each', async () => {
    const invoice = invoiceOf(30);
    const pages = await pdfPages(await renderInvoicePdf(invoice));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((text, index) => {
      expect(text).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(text).toContain('INV-000042');
      // The table's header is drawn again wherever the table goes on.
      if (text.includes('Part ref')) expect(text).toContain('Description');
    });
    const all = pages.join('\n');
    for (const line of invoice.lines) expect(all.split(`Part ref ${line.tag}`)).toHaveLength(2);
    expect(pages.at(-1)).toContain(formatMoney(invoice.totals.gross));
    expect(pages.at(-1)).toContain('Amount paid');
  });

  it('draws the same invoice into the same bytes', async () => {
    const invoice = invoiceOf(3);
    expect(Buffer.compare(await renderInvoicePdf(invoice), await renderInvoicePdf(invoice))).toBe(0);
  });
});
