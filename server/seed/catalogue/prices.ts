/**
 * Prices of a generated part, in pence net of VAT: the used price for its type and grade
 * (prestige makes at the top of the range), the new part's RRP for most, and for a few available
 * parts a discount with the price history behind it. The history starts at listing, changes once
 * inside the 30 days before the discount and then drops, so the lowest price of those 30 days
 * (what the product page must show next to a discount) is not always the price just before it.
 */
import { grossFromNet, netFromGross } from '../../../src/domain/money';
import type { Grade } from '../data/part-pricing';
import { priceFor, rrpFor } from '../data/part-pricing';
import type { Rng } from '../data/rng';
import { int } from '../data/rng';
import { CATALOGUE_DATE, daysBefore, daysBetween } from './dates';

const PRESTIGE_MAKES = new Set(['BMW', 'Mercedes-Benz', 'Audi', 'Land Rover', 'Jaguar', 'Porsche', 'Lexus', 'Tesla', 'Volvo', 'Polestar']);

/** Share of available parts on discount; about 5 % of all parts, as 85 % are available. */
const DISCOUNT_RATE = 0.06;
const RRP_RATE = 0.75;

/** The nearest net price whose VAT-inclusive price ends in 99p, as every shelf price does. */
export function pricePoint(netPence: number): number {
  const grossPounds = Math.max(1, Math.round(grossFromNet(Math.round(netPence)) / 100));
  return netFromGross(grossPounds * 100 - 1);
}

export interface PricedPart {
  readonly priceNet: number;
  /** The price before the discount, when discounted. */
  readonly priceOldNet: number | null;
  readonly rrpNet: number | null;
  /** When the part was listed: a discounted part was listed at least 40 days before its discount. */
  readonly createdAt: Date;
  readonly history: readonly { readonly priceNet: number; readonly validFrom: Date }[];
}

export interface PriceFacts {
  readonly typeKey: string;
  readonly makeName: string;
  readonly grade: Grade;
  readonly available: boolean;
  readonly createdAt: Date;
}

export function priceOf(facts: PriceFacts, rng: Rng): PricedPart {
  const { typeKey, grade } = facts;
  const drawn = priceFor(typeKey, rng, grade);
  const price = PRESTIGE_MAKES.has(facts.makeName) ? Math.max(drawn, priceFor(typeKey, rng, grade)) : drawn;
  const rrpNet = rng() < RRP_RATE ? rrpFor(typeKey, price, rng) : null;
  if (!facts.available || rng() >= DISCOUNT_RATE)
    return { priceNet: price, priceOldNet: null, rrpNet, createdAt: facts.createdAt, history: [] };

  const discountFrom = daysBefore(CATALOGUE_DATE, int(rng, 1, 25));
  const createdAt = daysBetween(facts.createdAt, discountFrom) >= 40 ? facts.createdAt : daysBefore(discountFrom, int(rng, 40, 300));
  const discounted = Math.min(price - 1, pricePoint((price * (100 - int(rng, 10, 30))) / 100));
  const listed = pricePoint((price * int(rng, 92, 115)) / 100);
  return {
    priceNet: discounted,
    priceOldNet: price,
    rrpNet,
    createdAt,
    history: [
      { priceNet: listed > discounted ? listed : price, validFrom: createdAt },
      { priceNet: price, validFrom: daysBefore(discountFrom, int(rng, 5, 25)) },
      { priceNet: discounted, validFrom: discountFrom },
    ],
  };
}
