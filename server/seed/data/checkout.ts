/**
 * Reference data of the cart and checkout (issue 7): countries, delivery regions and their groups,
 * deliveries with their prices per region and package type, loyalty levels and the demo discount
 * codes of docs/demo-data.md. Prices are net pence; a delivery with no price for a region and
 * package type is not offered there.
 *
 * The tables are checkout.json; the delivery prices are drawn from its courier tables below: the
 * courier's mainland price per package type, its surcharge and whether it takes pallets in each
 * region, the parcel sizes, and London same-day prices.
 */
import * as z from 'zod';
import { PACKAGE_TYPES, type PackageType } from '../../../src/domain/cart-totals';
import { readReferenceData } from './load';

const id = z.int().positive();
const pence = z.int().nonnegative();
const instant = z.iso.datetime({ offset: true }).transform((text) => new Date(text));

const checkoutFile = z.object({
  /** Ids of a common ISO country list (SPEC §9: 235 is the United Kingdom, the default). */
  countries: z.array(z.object({ id, name: z.string().min(1), iso2: z.string().regex(/^[A-Z]{2}$/, 'two capital letters') })),
  regionGroups: z.array(z.object({ id, name: z.string().min(1) })),
  /**
   * UK regions 1 to 7 (SPEC §9) with the postcode areas and districts that belong to them; region 1
   * lists none and takes every other UK postcode. Then regions abroad, which need no postcode.
   */
  regions: z.array(z.object({ id, name: z.string().min(1), countryId: id, groupId: id, postcodes: z.string() })),
  /** SPEC §9: personal pickup is id 1, the courier id 2. */
  deliveries: z.array(z.object({ id, name: z.string().min(1), type: z.enum(['custom', 'courier', 'personal_pickup']), postcodes: z.string(), description: z.string() })),
  /** The courier's mainland price for each package type, net pence. */
  courierMainland: z.partialRecord(z.enum(PACKAGE_TYPES), pence),
  parcels: z.array(z.enum(PACKAGE_TYPES)),
  /** The courier's surcharge by region id, as a percentage of the mainland price, and whether it takes pallets there. */
  courierRegions: z.record(z.string().regex(/^\d+$/, 'a region id'), z.object({ percent: z.number().positive(), pallets: z.boolean() })),
  londonSameDay: z.partialRecord(z.enum(PACKAGE_TYPES), pence),
  /** SPEC §3 discount thresholds: loyalty levels by turnover (gross pence of paid orders). */
  discountThresholds: z.array(
    z.object({ id, name: z.string().min(1), color: z.string().min(1), icon: z.string().min(1), discount: z.number().nonnegative(), amountFrom: pence, amountTo: pence.nullable() }),
  ),
  /** The demo codes of docs/demo-data.md; dates are fixed, so EXPIRED10 stays expired and DEMO10 valid for years. */
  discountCodes: z.array(
    z.object({
      code: z.string().min(1),
      displayName: z.string().min(1),
      kind: z.enum(['PERCENT', 'AMOUNT']),
      value: z.number().positive(),
      validFrom: instant.nullable(),
      validTo: instant.nullable(),
      usageLimit: z.int().positive().nullable(),
      minimumBasket: pence.nullable(),
    }),
  ),
});

const FILE = readReferenceData('checkout.json', checkoutFile);

export const COUNTRIES: readonly { id: number; name: string; iso2: string }[] = FILE.countries;

export const UNITED_KINGDOM = 235;

export const REGION_GROUPS: readonly { id: number; name: string }[] = FILE.regionGroups;

export const REGIONS: readonly { id: number; name: string; countryId: number; groupId: number; postcodes: string }[] = FILE.regions;

export const DELIVERIES: readonly { id: number; name: string; type: 'custom' | 'courier' | 'personal_pickup'; postcodes: string; description: string }[] = FILE.deliveries;

const COURIER_MAINLAND: Readonly<Partial<Record<PackageType, number>>> = FILE.courierMainland;
const PARCELS: readonly PackageType[] = FILE.parcels;
const COURIER_REGIONS: Readonly<Record<string, { percent: number; pallets: boolean }>> = FILE.courierRegions;
const LONDON_SAME_DAY: Readonly<Partial<Record<PackageType, number>>> = FILE.londonSameDay;

/** Rounded to a price ending in 0 or 5 pence less 1p above £1, as shelf prices are. */
const shelf = (pence: number) => Math.max(0, Math.round(pence / 50) * 50 - (pence >= 100 ? 1 : 0));

export interface DeliveryPriceSeed {
  deliveryId: number;
  regionId: number;
  packageType: PackageType;
  price: number;
}

export function deliveryPriceRows(): DeliveryPriceSeed[] {
  const rows: DeliveryPriceSeed[] = [];
  const packageTypes = Object.keys(COURIER_MAINLAND) as PackageType[];
  for (const region of REGIONS) {
    const uk = region.countryId === UNITED_KINGDOM;
    for (const packageType of packageTypes) {
      // Collection is free and open to any UK customer, whatever the size.
      if (uk) rows.push({ deliveryId: 1, regionId: region.id, packageType, price: 0 });
      const courier = COURIER_REGIONS[region.id];
      if (courier && (courier.pallets || PARCELS.includes(packageType))) {
        rows.push({ deliveryId: 2, regionId: region.id, packageType, price: shelf(((COURIER_MAINLAND[packageType] ?? 0) * courier.percent) / 100) });
      }
      const sameDay = LONDON_SAME_DAY[packageType];
      if (region.id === 1 && sameDay !== undefined) rows.push({ deliveryId: 3, regionId: 1, packageType, price: sameDay });
    }
  }
  return rows;
}

export const DISCOUNT_THRESHOLDS: readonly { id: number; name: string; color: string; icon: string; discount: number; amountFrom: number; amountTo: number | null }[] =
  FILE.discountThresholds;

export const DISCOUNT_CODES: readonly {
  code: string;
  displayName: string;
  kind: 'PERCENT' | 'AMOUNT';
  value: number;
  validFrom: Date | null;
  validTo: Date | null;
  usageLimit: number | null;
  minimumBasket: number | null;
}[] = FILE.discountCodes;
