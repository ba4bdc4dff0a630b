/**
 * Reference data of the cart and checkout (issue 7): countries, delivery regions and their groups,
 * deliveries with their prices per region and package type, loyalty levels and the demo discount
 * codes of docs/demo-data.md. Prices are net pence; a delivery with no price for a region and
 * package type is not offered there.
 */
import type { PackageType } from '../../../src/domain/cart-totals';

/** Ids of a common ISO country list (SPEC §9: 235 is the United Kingdom, the default). */
export const COUNTRIES: readonly { id: number; name: string; iso2: string }[] = [
  { id: 14, name: 'Austria', iso2: 'AT' },
  { id: 22, name: 'Belgium', iso2: 'BE' },
  { id: 59, name: 'Czech Republic', iso2: 'CZ' },
  { id: 60, name: 'Denmark', iso2: 'DK' },
  { id: 74, name: 'Finland', iso2: 'FI' },
  { id: 75, name: 'France', iso2: 'FR' },
  { id: 82, name: 'Germany', iso2: 'DE' },
  { id: 84, name: 'Gibraltar', iso2: 'GI' },
  { id: 85, name: 'Greece', iso2: 'GR' },
  { id: 91, name: 'Guernsey', iso2: 'GG' },
  { id: 103, name: 'Hungary', iso2: 'HU' },
  { id: 105, name: 'Ireland', iso2: 'IE' },
  { id: 106, name: 'Isle of Man', iso2: 'IM' },
  { id: 107, name: 'Italy', iso2: 'IT' },
  { id: 112, name: 'Jersey', iso2: 'JE' },
  { id: 127, name: 'Luxembourg', iso2: 'LU' },
  { id: 136, name: 'Malta', iso2: 'MT' },
  { id: 156, name: 'Netherlands', iso2: 'NL' },
  { id: 164, name: 'Norway', iso2: 'NO' },
  { id: 176, name: 'Poland', iso2: 'PL' },
  { id: 177, name: 'Portugal', iso2: 'PT' },
  { id: 193, name: 'Slovakia', iso2: 'SK' },
  { id: 209, name: 'Spain', iso2: 'ES' },
  { id: 215, name: 'Sweden', iso2: 'SE' },
  { id: 216, name: 'Switzerland', iso2: 'CH' },
  { id: 235, name: 'United Kingdom', iso2: 'GB' },
];

export const UNITED_KINGDOM = 235;

export const REGION_GROUPS: readonly { id: number; name: string }[] = [
  { id: 1, name: 'United Kingdom' },
  { id: 2, name: 'Europe' },
];

/**
 * UK regions 1 to 7 (SPEC §9) with the postcode areas and districts that belong to them; region 1
 * lists none and takes every other UK postcode. Then regions abroad, which need no postcode.
 */
export const REGIONS: readonly { id: number; name: string; countryId: number; groupId: number; postcodes: string }[] = [
  { id: 1, name: 'England and Wales', countryId: UNITED_KINGDOM, groupId: 1, postcodes: '' },
  { id: 2, name: 'Scotland (mainland)', countryId: UNITED_KINGDOM, groupId: 1, postcodes: 'AB,DD,DG,EH,FK,G,KA,KY,ML,PA,PH,TD' },
  {
    id: 3,
    name: 'Highlands and Islands',
    countryId: UNITED_KINGDOM,
    groupId: 1,
    postcodes: 'HS,IV,KW,ZE,PA20,PA21,PA22,PA23,PA24,PA25,PA26,PA27,PA28,PA29,PA30,PA31,PA32,PA33,PA34,PA35,PA36,PA37,PA38,PA41,PA42,PA43,PA44,PA45,PA46,PA47,PA48,PA49,PA60,PA61,PA62,PA63,PA64,PA65,PA66,PA67,PA68,PA69,PA70,PA71,PA72,PA73,PA74,PA75,PA76,PA77,PA78,PH17,PH18,PH19,PH20,PH21,PH22,PH23,PH24,PH25,PH26,PH30,PH31,PH32,PH33,PH34,PH35,PH36,PH37,PH38,PH39,PH40,PH41,PH42,PH43,PH44,PH49,PH50',
  },
  { id: 4, name: 'Northern Ireland', countryId: UNITED_KINGDOM, groupId: 1, postcodes: 'BT' },
  { id: 5, name: 'Isle of Wight', countryId: UNITED_KINGDOM, groupId: 1, postcodes: 'PO30,PO31,PO32,PO33,PO34,PO35,PO36,PO37,PO38,PO39,PO40,PO41' },
  { id: 6, name: 'Isles of Scilly', countryId: UNITED_KINGDOM, groupId: 1, postcodes: 'TR21,TR22,TR23,TR24,TR25' },
  { id: 7, name: 'Isle of Man and Channel Islands', countryId: UNITED_KINGDOM, groupId: 1, postcodes: 'IM,GY,JE' },
  { id: 8, name: 'Republic of Ireland', countryId: 105, groupId: 2, postcodes: '' },
  { id: 9, name: 'France', countryId: 75, groupId: 2, postcodes: '' },
  { id: 10, name: 'Germany', countryId: 82, groupId: 2, postcodes: '' },
  { id: 11, name: 'Netherlands', countryId: 156, groupId: 2, postcodes: '' },
  { id: 12, name: 'Belgium', countryId: 22, groupId: 2, postcodes: '' },
  { id: 13, name: 'Spain', countryId: 209, groupId: 2, postcodes: '' },
  { id: 14, name: 'Poland', countryId: 176, groupId: 2, postcodes: '' },
];

/** London postcode districts served by the same-day courier (prefixes, spaces ignored). */
const LONDON = 'E1,E2,E3,E4,E5,E6,E7,E8,E9,EC,N1,N2,N3,N4,N5,N6,N7,N8,N9,NW,SE,SW,W1,W2,W3,W4,W5,W6,W7,W8,W9,WC';

/** SPEC §9: personal pickup is id 1, the courier id 2. */
export const DELIVERIES: readonly { id: number; name: string; type: 'custom' | 'courier' | 'personal_pickup'; postcodes: string; description: string }[] = [
  {
    id: 1,
    name: 'Collect from our yard',
    type: 'personal_pickup',
    postcodes: '',
    description: 'Collect from our yard in Wakefield, Monday to Friday 8:00–17:00, Saturday 8:00–12:00. Bring your order number.',
  },
  {
    id: 2,
    name: 'Tracked courier',
    type: 'courier',
    postcodes: '',
    description: 'Tracked delivery by our courier, usually the next working day on the mainland when ordered before 15:00.',
  },
  {
    id: 3,
    name: 'London same-day courier',
    type: 'custom',
    postcodes: LONDON,
    description: 'Delivered the same day in London when ordered before 11:00 on a working day.',
  },
];

/** The courier's mainland price for each package type, net pence. */
const COURIER_MAINLAND: Readonly<Record<PackageType, number>> = {
  REGULAR_PARCELS: 750,
  LARGE_PARCELS: 1250,
  XL_PARCELS: 1950,
  BUMPER_BOXES: 2450,
  HALF_EURO_PALLET: 4500,
  EURO_PALLET: 6500,
  DOUBLE_EURO_PALLET: 9500,
  OTHER: 12500,
};
const PARCELS: readonly PackageType[] = ['REGULAR_PARCELS', 'LARGE_PARCELS', 'XL_PARCELS', 'BUMPER_BOXES'];

/**
 * The courier's surcharge by region, as a percentage of the mainland price, and whether it takes
 * pallets there (null: the courier does not go there).
 */
const COURIER_REGIONS: Readonly<Record<number, { percent: number; pallets: boolean }>> = {
  1: { percent: 100, pallets: true },
  2: { percent: 100, pallets: true },
  3: { percent: 180, pallets: true },
  4: { percent: 170, pallets: true },
  5: { percent: 140, pallets: true },
  6: { percent: 250, pallets: false },
  7: { percent: 220, pallets: false },
  8: { percent: 200, pallets: true },
  9: { percent: 260, pallets: false },
  10: { percent: 260, pallets: false },
  11: { percent: 260, pallets: false },
  12: { percent: 260, pallets: false },
  13: { percent: 320, pallets: false },
  14: { percent: 300, pallets: false },
};

const LONDON_SAME_DAY: Readonly<Partial<Record<PackageType, number>>> = {
  REGULAR_PARCELS: 1500,
  LARGE_PARCELS: 2000,
  XL_PARCELS: 2800,
  BUMPER_BOXES: 3200,
};

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
        rows.push({ deliveryId: 2, regionId: region.id, packageType, price: shelf((COURIER_MAINLAND[packageType] * courier.percent) / 100) });
      }
      const sameDay = LONDON_SAME_DAY[packageType];
      if (region.id === 1 && sameDay !== undefined) rows.push({ deliveryId: 3, regionId: 1, packageType, price: sameDay });
    }
  }
  return rows;
}

/** SPEC §3 discount thresholds: loyalty levels by turnover (gross pence of paid orders). */
export const DISCOUNT_THRESHOLDS: readonly { id: number; name: string; color: string; icon: string; discount: number; amountFrom: number; amountTo: number | null }[] = [
  { id: 1, name: 'Bronze', color: 'rgba(176, 115, 64, 1)', icon: 'medal-bronze', discount: 0, amountFrom: 0, amountTo: 50_000 },
  { id: 2, name: 'Silver', color: 'rgba(142, 148, 155, 1)', icon: 'medal-silver', discount: 2.5, amountFrom: 50_000, amountTo: 200_000 },
  { id: 3, name: 'Gold', color: 'rgba(201, 162, 39, 1)', icon: 'medal-gold', discount: 5, amountFrom: 200_000, amountTo: 500_000 },
  { id: 4, name: 'Platinum', color: 'rgba(90, 110, 140, 1)', icon: 'medal-platinum', discount: 7.5, amountFrom: 500_000, amountTo: null },
];

/** The demo codes of docs/demo-data.md; dates are fixed, so EXPIRED10 stays expired and DEMO10 valid for years. */
export const DISCOUNT_CODES: readonly {
  code: string;
  displayName: string;
  kind: 'PERCENT' | 'AMOUNT';
  value: number;
  validFrom: Date | null;
  validTo: Date | null;
  usageLimit: number | null;
  minimumBasket: number | null;
}[] = [
  { code: 'DEMO10', displayName: '10% off', kind: 'PERCENT', value: 10, validFrom: new Date('2025-01-01T00:00:00Z'), validTo: new Date('2035-12-31T23:59:59Z'), usageLimit: null, minimumBasket: null },
  { code: 'FIVEOFF', displayName: '£5 off', kind: 'AMOUNT', value: 500, validFrom: null, validTo: null, usageLimit: null, minimumBasket: null },
  { code: 'BIG20', displayName: '20% off orders over £250', kind: 'PERCENT', value: 20, validFrom: null, validTo: null, usageLimit: null, minimumBasket: 25_000 },
  { code: 'ONCE15', displayName: '£15 off, one order only', kind: 'AMOUNT', value: 1500, validFrom: null, validTo: null, usageLimit: 1, minimumBasket: null },
  { code: 'EXPIRED10', displayName: '10% off (ended)', kind: 'PERCENT', value: 10, validFrom: new Date('2024-01-01T00:00:00Z'), validTo: new Date('2024-12-31T23:59:59Z'), usageLimit: null, minimumBasket: null },
];
