/**
 * The VAT invoice as data (issue 14, SPEC §8 Invoice): everything the PDF shows, built once at
 * issue from the order's stored snapshot (its totals, lines and billing address, all copied when
 * the order was created) and the shop's identity of that moment. It is kept in invoices.document,
 * so the invoice reads the same forever, whatever later happens to prices, addresses or SHOP_*.
 *
 * What HMRC asks of a full VAT invoice (VAT Notice 700 §16.3) is each field here: a unique
 * sequential number, the date of issue, the time of supply, the seller's name, address and VAT
 * number, the buyer's name and address, each line's description, quantity, price excluding VAT,
 * VAT rate and VAT, and the totals excluding VAT, of VAT and including VAT, in sterling.
 */
import { z } from 'zod';
import { VAT_RATE_PERCENT, vatFromNet } from '../../../src/domain/money';

const pence = z.number().int();

/** A row of the table: a part, the delivery, the payment fee or the loyalty discount. Pence. */
const amountsSchema = z.object({ net: pence, vat_rate: z.number().int().min(0).max(100), vat: pence, gross: pence });

export const invoiceDocumentSchema = z.object({
  /** The document's own version: a later layout can still draw the invoices issued before it. */
  version: z.literal(1),
  number: z.string().min(1),
  /** ISO date-times. */
  issued_at: z.iso.datetime({ offset: true }),
  /** The time of supply (tax point): when the order was paid. */
  supplied_at: z.iso.datetime({ offset: true }),
  currency: z.literal('GBP'),
  seller: z.object({
    name: z.string().min(1),
    address_lines: z.array(z.string()),
    vat_number: z.string(),
    company_number: z.string().nullable(),
  }),
  buyer: z.object({
    name: z.string(),
    company_name: z.string(),
    vat_number: z.string(),
    address_lines: z.array(z.string()),
    email: z.string(),
  }),
  order: z.object({ number: z.string(), created: z.iso.datetime({ offset: true }) }),
  lines: z.array(
    amountsSchema.extend({
      name: z.string(),
      tag: z.string(),
      warranty: z.string(),
      quantity: z.number().int().positive(),
      /** Net price of one (part and warranty). */
      unit_net: pence,
    }),
  ),
  delivery: amountsSchema.extend({ name: z.string() }),
  /** The payment type's fee; null when there is none. */
  commission: amountsSchema.nullable(),
  /** The member's loyalty discount, as negative amounts; null when there is none. */
  loyalty_discount: amountsSchema.nullable(),
  totals: amountsSchema.omit({ vat_rate: true }),
  /** A discount code is a voucher taken off after VAT (src/domain/cart-totals.ts), so it follows the totals. */
  discount_code: z.object({ name: z.string(), amount: pence }).nullable(),
  amount_paid: pence,
});

export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

/** What the invoice is made from: the order's stored snapshot. */
export interface InvoiceSource {
  number: string;
  issuedAt: Date;
  suppliedAt: Date;
  shop: { name: string; addressLines: readonly string[]; vatNumber: string; companyNumber: string | undefined };
  order: {
    number: string;
    createdAt: Date;
    email: string;
    subTotal: number;
    amountDiscountThreshold: number;
    deliveryName: string;
    deliveryValue: number;
    commissionValue: number;
    taxValue: number;
    totalValue: number;
    discountCodeName: string | null;
    discountCodeAmount: number;
    toPay: number;
    billingAddress: unknown;
  };
  lines: readonly {
    tag: string;
    name: string;
    quantity: number;
    netPrice: number;
    warrantyName: string;
    warrantyPrice: number;
    value: number;
    grossValue: number;
    taxPercentage: number;
  }[];
}

/** The billing address as create-order stored it (src/contract/cart.ts addressSchema); only what the invoice names. */
const billingSnapshotSchema = z.object({
  first_name: z.string().default(''),
  last_name: z.string().default(''),
  company_name: z.string().default(''),
  vat_no: z.string().default(''),
  address1: z.string().default(''),
  address2: z.string().default(''),
  address3: z.string().default(''),
  city: z.string().default(''),
  county: z.string().default(''),
  postcode: z.string().default(''),
  country: z.object({ name: z.string() }).optional(),
});

/**
 * Each row's VAT such that the rows add up to the order's VAT. The order's VAT was worked out on
 * its net total (cart-totals: loyalty discount, delivery and fee included), while each part's VAT
 * was rounded on its own when priced, so the two can differ by a penny or so. Each row starts from
 * its own VAT (a part's as the customer saw it: gross − net) and the difference is carried a penny
 * at a time by the rows with the largest net, so no row is more than a penny from 20 % of its net
 * and the VAT column's sum is exactly the order's tax_value.
 */
export function apportionVat(rows: readonly { net: number; vat: number }[], totalVat: number): number[] {
  const vats = rows.map((row) => row.vat);
  let difference = totalVat - vats.reduce((sum, vat) => sum + vat, 0);
  if (rows.length === 0) return vats;
  const byNet = rows.map((row, index) => ({ index, weight: Math.abs(row.net) })).sort((a, b) => b.weight - a.weight || a.index - b.index);
  const step = difference > 0 ? 1 : -1;
  for (let turn = 0; difference !== 0; turn += 1) {
    const target = byNet[turn % byNet.length];
    if (!target) break;
    vats[target.index] = (vats[target.index] ?? 0) + step;
    difference -= step;
  }
  return vats;
}

function buyerOf(order: InvoiceSource['order']): InvoiceDocument['buyer'] {
  const address = billingSnapshotSchema.parse(order.billingAddress);
  const name = [address.first_name, address.last_name].filter(Boolean).join(' ');
  return {
    name: name || address.company_name,
    company_name: address.company_name,
    vat_number: address.vat_no,
    address_lines: [address.address1, address.address2, address.address3, address.city, address.county, address.postcode, address.country?.name ?? ''].filter(Boolean),
    email: order.email,
  };
}

/** The invoice of an order: a pure function of the snapshot, checked against the schema before it is stored. */
export function buildInvoiceDocument(source: InvoiceSource): InvoiceDocument {
  const { order } = source;
  const rate = VAT_RATE_PERCENT;
  const lineRows = source.lines.map((line) => ({ net: line.value, vat: line.grossValue - line.value }));
  const deliveryRow = { net: order.deliveryValue, vat: vatFromNet(order.deliveryValue) };
  const commissionRow = order.commissionValue > 0 ? { net: order.commissionValue, vat: vatFromNet(order.commissionValue) } : null;
  const loyaltyRow = order.amountDiscountThreshold > 0 ? { net: -order.amountDiscountThreshold, vat: -vatFromNet(order.amountDiscountThreshold) } : null;
  const rows = [...lineRows, deliveryRow, ...(commissionRow ? [commissionRow] : []), ...(loyaltyRow ? [loyaltyRow] : [])];
  const vats = apportionVat(rows, order.taxValue);
  const amounts = (row: { net: number }, index: number) => {
    const vat = vats[index] ?? 0;
    return { net: row.net, vat_rate: rate, vat, gross: row.net + vat };
  };
  let next = 0;
  const take = (row: { net: number }) => amounts(row, next++);

  const lines = source.lines.map((line, index) => ({
    name: line.name,
    tag: line.tag,
    warranty: line.warrantyName,
    quantity: line.quantity,
    unit_net: line.netPrice + line.warrantyPrice,
    ...take(lineRows[index] ?? { net: line.value }),
    vat_rate: line.taxPercentage,
  }));
  const delivery = { name: order.deliveryName, ...take(deliveryRow) };
  const commission = commissionRow ? take(commissionRow) : null;
  const loyalty = loyaltyRow ? take(loyaltyRow) : null;
  const net = order.subTotal - order.amountDiscountThreshold + order.deliveryValue + order.commissionValue;

  return invoiceDocumentSchema.parse({
    version: 1,
    number: source.number,
    issued_at: source.issuedAt.toISOString(),
    supplied_at: source.suppliedAt.toISOString(),
    currency: 'GBP',
    seller: {
      name: source.shop.name,
      address_lines: [...source.shop.addressLines],
      vat_number: source.shop.vatNumber,
      company_number: source.shop.companyNumber ?? null,
    },
    buyer: buyerOf(order),
    order: { number: order.number, created: order.createdAt.toISOString() },
    lines,
    delivery,
    commission,
    loyalty_discount: loyalty,
    totals: { net, vat: order.taxValue, gross: order.totalValue },
    discount_code: order.discountCodeName && order.discountCodeAmount > 0 ? { name: order.discountCodeName, amount: order.discountCodeAmount } : null,
    amount_paid: order.toPay,
  });
}
