import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartTotals, lineAmounts } from '../../../src/domain/cart-totals';
import { apportionVat, buildInvoiceDocument, type InvoiceSource } from './invoice-document';

const shop = { name: 'PartsFinder UK Ltd', addressLines: ['Unit 4', 'Birmingham', 'B10 0AA'], vatNumber: 'GB 123 4567 89', companyNumber: undefined };
const billing = {
  id: 1,
  address_type: 'BOTH',
  first_name: 'Sam',
  last_name: 'Turner',
  company_name: '',
  vat_no: '',
  postcode: 'LS1 4AP',
  address1: '2 Mill Hill',
  address2: '',
  address3: '',
  city: 'Leeds',
  county: 'West Yorkshire',
  phone: '',
  country_id: 235,
  country: { name: 'United Kingdom' },
};

/** An order as create-order stores it: lines and totals from src/domain/cart-totals.ts. */
function sourceOf(input: { lines: { netPrice: number; warrantyNet: number }[]; deliveryNet: number; loyaltyPercent: number; commissionBasisPoints: number; codeAmount: number }): InvoiceSource {
  const lines = input.lines.map((line) => ({ ...line, quantity: 1, forSale: true }));
  const totals = cartTotals({
    lines,
    deliveryNet: input.deliveryNet,
    loyaltyPercent: input.loyaltyPercent,
    discountCode: input.codeAmount > 0 ? { code: 'CODE', kind: 'AMOUNT', value: input.codeAmount, validFrom: null, validTo: null, usageLimit: null, minimumBasket: null } : null,
    discountContext: { now: new Date('2025-06-03T10:00:00Z'), timesUsed: 0 },
    commissionBasisPoints: input.commissionBasisPoints,
  });
  return {
    number: 'INV-000001',
    issuedAt: new Date('2025-06-03T10:05:00Z'),
    suppliedAt: new Date('2025-06-03T10:04:00Z'),
    shop,
    order: {
      number: 'PF-000001',
      createdAt: new Date('2025-06-03T10:00:00Z'),
      email: 'sam@turner-motors.co.uk',
      subTotal: totals.sub_total,
      amountDiscountThreshold: totals.amount_discount_threshold,
      deliveryName: 'Tracked courier',
      deliveryValue: totals.delivery_value,
      commissionValue: totals.commission_value,
      taxValue: totals.tax_value,
      totalValue: totals.total_value,
      discountCodeName: input.codeAmount > 0 ? 'Ten off' : null,
      discountCodeAmount: totals.discount_code_amount,
      toPay: totals.to_pay,
      billingAddress: billing,
    },
    lines: lines.map((line, index) => {
      const amounts = lineAmounts(line);
      return {
        tag: `P00${index}`,
        name: `Part ${index}`,
        quantity: 1,
        netPrice: line.netPrice,
        warrantyName: '30 days warranty',
        warrantyPrice: line.warrantyNet,
        value: amounts.value,
        grossValue: amounts.gross_value,
        taxPercentage: amounts.tax_percentage,
      };
    }),
  };
}

describe('apportionVat', () => {
  it('keeps each row’s own VAT when they already add up, and carries a difference a penny at a time from the largest net', () => {
    expect(apportionVat([{ net: 1000, vat: 200 }, { net: 500, vat: 100 }], 300)).toEqual([200, 100]);
    expect(apportionVat([{ net: 500, vat: 100 }, { net: 1000, vat: 200 }], 302)).toEqual([101, 201]);
    expect(apportionVat([{ net: 500, vat: 100 }, { net: -1000, vat: -200 }], -101)).toEqual([100, -201]);
  });
});

describe('buildInvoiceDocument', () => {
  it('adds up to the order: the VAT column is tax_value, net + VAT = gross = total_value, and the code takes it to to_pay', () => {
    const amount = fc.integer({ min: 1, max: 500_000 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ netPrice: amount, warrantyNet: fc.constantFrom(0, 833, 2499) }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.constantFrom(0, 2.5, 5, 7.5),
        fc.constantFrom(0, 150, 290),
        fc.constantFrom(0, 1000),
        (lines, deliveryNet, loyaltyPercent, commissionBasisPoints, codeAmount) => {
          const source = sourceOf({ lines, deliveryNet, loyaltyPercent, commissionBasisPoints, codeAmount });
          const invoice = buildInvoiceDocument(source);
          const rows = [...invoice.lines, invoice.delivery, ...(invoice.commission ? [invoice.commission] : []), ...(invoice.loyalty_discount ? [invoice.loyalty_discount] : [])];
          const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
          expect(sum((row) => row.vat)).toBe(source.order.taxValue);
          expect(sum((row) => row.net)).toBe(invoice.totals.net);
          expect(sum((row) => row.gross)).toBe(source.order.totalValue);
          expect(invoice.totals).toEqual({ net: invoice.totals.net, vat: source.order.taxValue, gross: source.order.totalValue });
          expect(invoice.totals.net + invoice.totals.vat).toBe(invoice.totals.gross);
          expect(invoice.totals.gross - (invoice.discount_code?.amount ?? 0)).toBe(invoice.amount_paid);
          expect(invoice.amount_paid).toBe(source.order.toPay);
          for (const row of rows) {
            expect(row.net + row.vat).toBe(row.gross);
            // No row strays more than a couple of pence from 20 % of its net.
            expect(Math.abs(row.vat - row.net * 0.2)).toBeLessThanOrEqual(2);
          }
        },
      ),
    );
  });

  it('names the buyer from the billing address, the company and its VAT number when there is one', () => {
    const source = sourceOf({ lines: [{ netPrice: 6666, warrantyNet: 0 }], deliveryNet: 1250, loyaltyPercent: 0, commissionBasisPoints: 0, codeAmount: 0 });
    expect(buildInvoiceDocument(source).buyer).toEqual({
      name: 'Sam Turner',
      company_name: '',
      vat_number: '',
      address_lines: ['2 Mill Hill', 'Leeds', 'West Yorkshire', 'LS1 4AP', 'United Kingdom'],
      email: 'sam@turner-motors.co.uk',
    });
    const company = { ...source, order: { ...source.order, billingAddress: { ...billing, first_name: '', last_name: '', company_name: 'Turner Motors Ltd', vat_no: 'GB 987 6543 21' } } };
    expect(buildInvoiceDocument(company).buyer).toMatchObject({ name: 'Turner Motors Ltd', company_name: 'Turner Motors Ltd', vat_number: 'GB 987 6543 21' });
  });

  it('leaves out the payment fee, the loyalty discount and the code when the order has none', () => {
    const invoice = buildInvoiceDocument(sourceOf({ lines: [{ netPrice: 6666, warrantyNet: 833 }], deliveryNet: 1250, loyaltyPercent: 0, commissionBasisPoints: 0, codeAmount: 0 }));
    expect(invoice).toMatchObject({ commission: null, loyalty_discount: null, discount_code: null });
    expect(invoice.lines[0]).toMatchObject({ unit_net: 7499, net: 7499, vat_rate: 20, vat: 1500, gross: 8999, warranty: '30 days warranty' });
    expect(invoice.seller).toEqual({ name: shop.name, address_lines: shop.addressLines, vat_number: shop.vatNumber, company_number: null });
  });
});
