/**
 * A property over the whole cart: for generated carts — parts and their warranties, a part that
 * went, regions and postcodes, deliveries, discount codes and loyalty levels — every amount the
 * API answers equals src/domain's computation from the stored data, in whole pence, and to_pay is
 * never below 0. The server may not drift from the domain (a missed package type, a delivery
 * priced for the wrong region, a gone line counted) without this failing.
 */
import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartSchema } from '../../../src/contract/cart';
import { cartTotals, DEFAULT_PACKAGE_TYPE, largestPackageType, thresholdForTurnover, type PackageType } from '../../../src/domain/cart-totals';
import { carts, deliveryPrices, discountCodes, discountThresholds, members, orders, parts, partTypes, partTypeWarranties, warranties } from '../../db/schema';
import { expectOk, PARTS, shopApp, shopper, useCheckoutData } from '../../test/checkout';
import { testDatabase } from '../../test/database';

useCheckoutData();

const TAGS = [PARTS.alternator, PARTS.alternatorB, PARTS.starter, PARTS.headlight, PARTS.mirror, PARTS.engine];
/** A postcode in each UK region (the embedded lookup's) and regions abroad without one. */
const PLACES: readonly { region: number; postcode: string }[] = [
  { region: 1, postcode: 'LS1 4AP' },
  { region: 1, postcode: 'SE1 7PB' },
  { region: 2, postcode: 'EH1 1YZ' },
  { region: 3, postcode: 'IV1 1HY' },
  { region: 4, postcode: 'BT1 5GS' },
  { region: 5, postcode: 'PO30 1UD' },
  { region: 6, postcode: 'TR21 0HX' },
  { region: 7, postcode: 'IM1 3LY' },
  { region: 8, postcode: '' },
  { region: 13, postcode: '' },
];
const CODES = [null, 'DEMO10', 'FIVEOFF', 'BIG20', 'EXPIRED10'] as const;

const scenario = fc.record({
  lines: fc.uniqueArray(fc.record({ tag: fc.constantFrom(...TAGS), warrantyPick: fc.nat(3) }), { minLength: 1, maxLength: 4, selector: (line) => line.tag }),
  goneIndex: fc.option(fc.nat(3), { nil: null }),
  place: fc.constantFrom(...PLACES),
  delivery: fc.constantFrom(1, 2, 3),
  code: fc.constantFrom(...CODES),
  /** The member's paid turnover in pence, or null for a visitor. */
  turnover: fc.option(fc.constantFrom(0, 49_999, 50_000, 199_999, 250_000, 600_000), { nil: null }),
});

describe('property: the API’s cart amounts are the domain’s', () => {
  it('for generated carts, every amount (to_pay included) equals cartTotals of the stored data, never below 0', async () => {
    const app = await shopApp();
    const { db } = await testDatabase();
    let run = 0;

    await fc.assert(
      fc.asyncProperty(scenario, async ({ lines, goneIndex, place, delivery, code, turnover }) => {
        run += 1;
        await db.update(parts).set({ status: 'available' }).where(inArray(parts.tag, TAGS));
        const buyer = await shopper(app);
        if (turnover !== null) {
          const email = `member${run}@example.co.uk`;
          const [member] = await db.insert(members).values({ email, firstName: 'Pat', lastName: `Run ${run}` }).returning();
          if (!member) throw new Error('no member');
          if (turnover > 0) {
            // A paid order of that amount: the turnover the loyalty level is read from.
            const [cart] = await db.insert(carts).values({ sessionId: `paid-${run}`, memberId: member.id, status: 'ordered' }).returning();
            const at = new Date();
            await db.insert(orders).values({
              number: `PAID-${run}`,
              hash: `paid-order-hash-${run}-xxxxxxxx`,
              cartId: cart?.id ?? 0,
              memberId: member.id,
              sessionId: `paid-${run}`,
              email,
              subTotal: 0,
              grossSubTotal: 0,
              amountDiscountThreshold: 0,
              deliveryValue: 0,
              commissionValue: 0,
              taxValue: 0,
              totalValue: turnover,
              toPay: turnover,
              regionId: 1,
              regionName: 'England and Wales',
              regionPostcode: 'LS1 4AP',
              deliveryId: 2,
              deliveryName: 'Tracked courier',
              packageType: 'REGULAR_PARCELS',
              billingAddress: {},
              deliveryAddress: {},
              holdExpiresAt: at,
              paidAt: at,
            });
          }
          // Signed in as the member (sign-in itself is tested elsewhere, and rate-limited).
          const { token, session } = await app.sessions.start(member.id);
          const names = app.sessionCookies.names;
          buyer.cookie = `${names.session}=${token}; ${names.csrf}=${session.csrfToken}`;
          buyer.csrfToken = session.csrfToken;
        }

        for (const line of lines) {
          const added = cartSchema.parse((await expectOk(buyer.call('POST', '/carts/add-item', { product: { tag: line.tag } }))).json().cart);
          const offered = added.cart_products.find((product) => product.tag === line.tag)?.available_warranties ?? [];
          const warranty = offered[line.warrantyPick % Math.max(1, offered.length)];
          if (warranty) await expectOk(buyer.call('PATCH', '/carts/update-item', { product: { tag: line.tag, warranty_id: warranty.id } }));
        }
        // The delivery may not be offered there (422): the cart then has none, which is a case too.
        await buyer.call('PATCH', '/carts/update-region-and-delivery', { region_id: place.region, region_postcode: place.postcode, delivery_id: delivery });
        if (code) await buyer.call('POST', '/discount-codes/check-code.json', { code });
        const gone = goneIndex === null ? null : (lines[goneIndex % lines.length]?.tag ?? null);
        if (gone) await db.update(parts).set({ status: 'sold' }).where(eq(parts.tag, gone));

        const cart = cartSchema.parse((await buyer.call('GET', '/carts/get-cart')).json().cart);

        // The domain's computation from the stored data, read here independently of the cart code.
        const stored = await Promise.all(
          cart.cart_products.map(async (product) => {
            const [part] = await db
              .select({ priceNet: parts.priceNet, status: parts.status, packageType: partTypes.packageType, partTypeId: parts.partTypeId })
              .from(parts)
              .innerJoin(partTypes, eq(partTypes.id, parts.partTypeId))
              .where(eq(parts.tag, product.tag));
            const [warranty] = product.warranty_id === null ? [] : await db.select().from(warranties).where(eq(warranties.id, product.warranty_id));
            const offered = await db.select().from(partTypeWarranties).where(eq(partTypeWarranties.partTypeId, part?.partTypeId ?? 0));
            expect(offered.some((row) => row.warrantyId === product.warranty_id)).toBe(true);
            return { netPrice: part?.priceNet ?? 0, warrantyNet: warranty?.value ?? 0, quantity: 1, forSale: part?.status === 'available', packageType: part?.packageType as PackageType };
          }),
        );
        const packageType = largestPackageType(stored.filter((line) => line.forSale).map((line) => line.packageType)) ?? DEFAULT_PACKAGE_TYPE;
        const [price] =
          cart.delivery_id === null || cart.region_id === null
            ? []
            : await db.select().from(deliveryPrices).where(eq(deliveryPrices.id, cart.delivery_price_id ?? 0));
        if (price) expect([price.deliveryId, price.regionId, price.packageType]).toEqual([cart.delivery_id, cart.region_id, packageType]);
        const [codeRow] = cart.discount_code_id === null ? [] : await db.select().from(discountCodes).where(eq(discountCodes.id, cart.discount_code_id));
        const thresholds = await db.select().from(discountThresholds);
        const level =
          turnover === null ? null : thresholdForTurnover(thresholds.map((row) => ({ ...row, amount_from: row.amountFrom, amount_to: row.amountTo })), turnover);
        const expected = cartTotals({
          lines: stored,
          deliveryNet: price?.price ?? null,
          loyaltyPercent: level?.discount ?? 0,
          discountCode: codeRow
            ? { code: codeRow.code, kind: codeRow.kind, value: codeRow.value, validFrom: codeRow.validFrom, validTo: codeRow.validTo, usageLimit: codeRow.usageLimit, minimumBasket: codeRow.minimumBasket }
            : null,
          discountContext: { now: new Date(), timesUsed: 0 },
          commissionBasisPoints: 0,
        });

        expect(cart.to_pay).toBe(expected.to_pay);
        expect(Number.isSafeInteger(cart.to_pay) && cart.to_pay >= 0).toBe(true);
        expect({
          sub_total: cart.sub_total,
          gross_sub_total: cart.gross_sub_total,
          amount_discount_threshold: cart.amount_discount_threshold,
          delivery_value: cart.delivery_value,
          tax_value: cart.tax_value,
          total_value: cart.total_value,
          discount_code_amount: cart.discount_code_amount,
          total_quantity: cart.total_quantity,
        }).toEqual({
          sub_total: expected.sub_total,
          gross_sub_total: expected.gross_sub_total,
          amount_discount_threshold: expected.amount_discount_threshold,
          delivery_value: expected.delivery_value,
          tax_value: expected.tax_value,
          total_value: expected.total_value,
          discount_code_amount: expected.discount_code_amount,
          total_quantity: expected.total_quantity,
        });
        expect(cart.gone_tags).toEqual(gone ? [gone] : []);
        expect(cart.package_type).toBe(largestPackageType(stored.filter((line) => line.forSale).map((line) => line.packageType)));
      }),
      { numRuns: 25, endOnFailure: true },
    );
  }, 240_000);
});
