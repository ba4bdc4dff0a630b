/**
 * Seeds the checkout's reference data (server/seed/data/checkout.ts): countries, region groups,
 * regions, deliveries, their prices, loyalty levels and their page's texts, and the demo discount
 * codes. Upserts by key,
 * so it runs again safely (after a rebuild, at every `npm run seed`) and keeps what customers did:
 * carts, orders and the usages of a code are never touched. A few hundred rows: milliseconds.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { LOYALTY_TEXT_SLUGS } from '../../src/domain/admin-content';
import { contentPages, countries, deliveries, deliveryPrices, discountCodes, discountThresholds, regionGroups, regions } from '../db/schema';
import { COUNTRIES, DELIVERIES, deliveryPriceRows, DISCOUNT_CODES, DISCOUNT_THRESHOLDS, REGION_GROUPS, REGIONS } from './data/checkout';
import { LOYALTY_STATICS } from './data/loyalty';
import { CATALOGUE_DATE } from './catalogue/dates';

const excluded = (column: string) => sql.raw(`excluded."${column}"`);

export async function seedCheckout(db: Database): Promise<string> {
  await db.transaction(async (tx) => {
    await tx
      .insert(countries)
      .values(COUNTRIES.map((country) => ({ ...country })))
      .onConflictDoUpdate({ target: countries.id, set: { name: excluded('name'), iso2: excluded('iso2') } });
    await tx
      .insert(regionGroups)
      .values(REGION_GROUPS.map((group, position) => ({ ...group, position })))
      .onConflictDoUpdate({ target: regionGroups.id, set: { name: excluded('name'), position: excluded('position') } });
    await tx
      .insert(regions)
      .values(REGIONS.map((region, position) => ({ id: region.id, name: region.name, countryId: region.countryId, regionGroupId: region.groupId, postcodes: region.postcodes, position })))
      .onConflictDoUpdate({
        target: regions.id,
        set: { name: excluded('name'), countryId: excluded('country_id'), regionGroupId: excluded('region_group_id'), postcodes: excluded('postcodes'), position: excluded('position') },
      });
    await tx
      .insert(deliveries)
      .values(DELIVERIES.map((delivery, position) => ({ ...delivery, position })))
      .onConflictDoUpdate({
        target: deliveries.id,
        set: { name: excluded('name'), type: excluded('type'), postcodes: excluded('postcodes'), description: excluded('description'), position: excluded('position') },
      });
    await tx
      .insert(deliveryPrices)
      .values(deliveryPriceRows())
      .onConflictDoUpdate({ target: [deliveryPrices.deliveryId, deliveryPrices.regionId, deliveryPrices.packageType], set: { price: excluded('price') } });
    await tx
      .insert(discountThresholds)
      .values(DISCOUNT_THRESHOLDS.map((threshold) => ({ ...threshold })))
      .onConflictDoUpdate({
        target: discountThresholds.id,
        set: { name: excluded('name'), color: excluded('color'), icon: excluded('icon'), discount: excluded('discount'), amountFrom: excluded('amount_from'), amountTo: excluded('amount_to') },
      });
    // The loyalty page's texts, kept among the content pages; staff edit them in the back office, so a reseed keeps theirs.
    await tx
      .insert(contentPages)
      .values([
        { slug: LOYALTY_TEXT_SLUGS.top, title: 'Loyalty discounts: above the levels', content: LOYALTY_STATICS.loyalty_discounts_top_text },
        { slug: LOYALTY_TEXT_SLUGS.bottom, title: 'Loyalty discounts: below the levels', content: LOYALTY_STATICS.loyalty_discounts_bottom_text },
      ])
      .onConflictDoNothing();
    await tx
      .insert(discountCodes)
      // Dated like the catalogue, so the same seed gives the same rows whenever it runs.
      .values(DISCOUNT_CODES.map((code) => ({ ...code, createdAt: CATALOGUE_DATE })))
      .onConflictDoUpdate({
        target: discountCodes.code,
        set: {
          displayName: excluded('display_name'),
          kind: excluded('kind'),
          value: excluded('value'),
          validFrom: excluded('valid_from'),
          validTo: excluded('valid_to'),
          usageLimit: excluded('usage_limit'),
          minimumBasket: excluded('minimum_basket'),
        },
      });
  });
  return `checkout: ${REGIONS.length} regions, ${DELIVERIES.length} deliveries, ${deliveryPriceRows().length} delivery prices, ${DISCOUNT_CODES.length} discount codes`;
}
