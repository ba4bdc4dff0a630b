/**
 * Vehicle products (SPEC §3): whole ex-fleet cars and vans sold by the yard, each a parent product
 * with variants chosen by colour and transmission selectors, photos (one a banner), tabs,
 * additional contents, its manufacturer, dimensions and weight, and on some a discount with the
 * price history behind it. The same few dozen whatever the number of parts.
 */
import type { priceHistory, vehicleProductImages, vehicleProducts, vehicleProductTabs } from '../../db/schema';
import { netFromGross } from '../../../src/domain/money';
import { slugify } from '../../../src/domain/urls';
import type { Rng } from '../data/rng';
import { createRng, int, sample } from '../data/rng';
import type { BodyStyle } from '../data/vehicles';
import { modelLabel, registryTransmission } from '../data/vehicles';
import { CATALOGUE_DATE, daysBefore, listedAt } from './dates';
import type { Vehicle } from './donors';
import { pickVehicle } from './donors';
import type { ReviewRow } from './reviews';
import { reviewsOf } from './reviews';

export const VEHICLE_PRODUCT_COUNT = 30;
const NEWEST_FIRST_YEAR = 2015;
const REVIEWED_SHARE = 0.3;
const DISCOUNTED_SHARE = 0.25;
/** What an automatic costs over the same car with a manual gearbox; the parent shows the lower price. */
const AUTOMATIC_EXTRA_POUNDS = 1_000;

type VehicleProductRow = typeof vehicleProducts.$inferInsert;

export interface VehicleProductRows {
  readonly products: VehicleProductRow[];
  readonly images: (typeof vehicleProductImages.$inferInsert)[];
  readonly tabs: (typeof vehicleProductTabs.$inferInsert)[];
  readonly priceHistory: (typeof priceHistory.$inferInsert)[];
  readonly reviews: ReviewRow[];
}

/** Length, width, height in cm and kerb weight in kg, typical of each body. */
const BODY_SIZES: Readonly<Record<BodyStyle, readonly [number, number, number, number]>> = {
  Hatchback: [425, 180, 148, 1_280],
  Saloon: [470, 182, 145, 1_480],
  Estate: [465, 182, 150, 1_520],
  Coupe: [450, 183, 138, 1_430],
  Convertible: [445, 182, 140, 1_540],
  MPV: [452, 185, 165, 1_620],
  SUV: [455, 186, 165, 1_720],
  Van: [497, 199, 199, 1_950],
  Pickup: [536, 186, 182, 2_100],
};

/** Paint colours offered as variants, with the page background each one shows. */
const PAINTS: readonly (readonly [colour: string, background: string])[] = [
  ['Black', '#16181c'],
  ['White', '#eef0f2'],
  ['Silver', '#c3c7cc'],
  ['Grey', '#6b7079'],
  ['Blue', '#1f4e9c'],
  ['Red', '#a4262c'],
];

/** A shelf price in pence net of VAT, for a gross price of whole pounds ending in 95. */
function vehiclePrice(grossPounds: number): number {
  return netFromGross((Math.round(grossPounds / 100) * 100 - 5) * 100);
}

function grossPoundsOf(vehicle: Vehicle, rng: Rng): number {
  const age = CATALOGUE_DATE.getUTCFullYear() - vehicle.year;
  return Math.max(2_500, Math.round(int(rng, 16_000, 30_000) * 0.86 ** age));
}

function specificationTable(vehicle: Vehicle, size: readonly number[]): string {
  const rows: readonly (readonly [string, string])[] = [
    ['Engine', `${vehicle.engine.name} (${vehicle.engine.code})`],
    ['Power', `${vehicle.engine.powerPs} PS`],
    ['Fuel', vehicle.engine.fuel],
    ['Gearbox', vehicle.transmission.label],
    ['Body', vehicle.bodyStyle],
    ['Length × width × height', `${size[0]} × ${size[1]} × ${size[2]} cm`],
  ];
  return `<table>${rows.map(([name, value]) => `<tr><th>${name}</th><td>${value}</td></tr>`).join('')}</table>`;
}

/** Distinct for every photo of every product: (8·id + position) through an odd multiplier. */
function drawingSeed(seed: number, productId: number, position: number): number {
  return (Math.imul(productId * 8 + position, 0x9e3779b1) + seed) & 0x7fffffff;
}

function newerVehicle(rng: Rng): Vehicle {
  for (;;) {
    const vehicle = pickVehicle(rng);
    if (vehicle.year >= NEWEST_FIRST_YEAR) return vehicle;
  }
}

interface Pricing {
  readonly price: number;
  readonly priceOld: number | null;
}

/** Net prices for a gross asking price in pounds, with the discount (percent off) when there is one. */
function pricing(grossPounds: number, discountPercent: number | null): Pricing {
  if (discountPercent === null) return { price: vehiclePrice(grossPounds), priceOld: null };
  return { price: vehiclePrice((grossPounds * (100 - discountPercent)) / 100), priceOld: vehiclePrice(grossPounds) };
}

export function vehicleProductRows(seed: number): VehicleProductRows {
  const rng = createRng(`${seed}:vehicle-products`);
  const rows: VehicleProductRows = { products: [], images: [], tabs: [], priceHistory: [], reviews: [] };
  let nextId = 1;
  for (let index = 0; index < VEHICLE_PRODUCT_COUNT; index += 1) {
    const vehicle = newerVehicle(rng);
    const { make, model, year } = vehicle;
    const id = nextId;
    nextId += 1;
    const name = `${year} ${make.name} ${modelLabel(model)} ${vehicle.engine.name} ${vehicle.bodyStyle}`;
    const slug = `${slugify(name)}-${id}`;
    const sku = `VEH-${String(id).padStart(5, '0')}`;
    const size = BODY_SIZES[vehicle.bodyStyle];
    const askingPounds = grossPoundsOf(vehicle, rng);
    const discountPercent = rng() < DISCOUNTED_SHARE ? int(rng, 5, 12) : null;
    const discountFrom = daysBefore(CATALOGUE_DATE, int(rng, 1, 20));
    // A discounted car was listed well before its discount, so the 30 days before it have a history.
    const createdAt = discountPercent === null ? listedAt(rng) : daysBefore(discountFrom, int(rng, 45, 200));
    const paints = sample(rng, PAINTS, int(rng, 2, 3));
    const gearboxes = [...new Set(model.transmissions.map((gearbox) => registryTransmission(gearbox.type)))].slice(0, 2);
    const miles = (int(rng, 8, 60) * 1_000).toLocaleString('en-GB');

    const variants: VehicleProductRow[] = [];
    for (const [colour] of paints) {
      for (const gearbox of gearboxes) {
        const variantId = nextId;
        nextId += 1;
        variants.push({
          id: variantId,
          parentId: id,
          slug: `${slug}-${slugify(colour)}-${slugify(gearbox)}`,
          sku: `${sku}-${colour.slice(0, 3).toUpperCase()}-${gearbox.charAt(0)}`,
          ...pricing(askingPounds + (gearbox === 'Automatic' && gearboxes.length > 1 ? AUTOMATIC_EXTRA_POUNDS : 0), discountPercent),
          stockQuantity: int(rng, 0, 3),
          selectorValues: { colour, transmission: gearbox },
          createdAt,
        });
        rows.images.push({
          vehicleProductId: variantId,
          drawingSeed: drawingSeed(seed, variantId, 0),
          isBanner: false,
          title: `${colour}, ${gearbox.toLowerCase()}`,
          alt: `${name} in ${colour.toLowerCase()}`,
          position: 0,
        });
      }
    }

    const { price, priceOld } = pricing(askingPounds, discountPercent);
    rows.products.push(
      {
        id,
        parentId: null,
        slug,
        name,
        sku,
        price,
        priceOld,
        summary: `${miles} miles, ${vehicle.transmission.label.toLowerCase()}, ${vehicle.engine.fuel.toLowerCase()}. Ex-fleet with service history, HPI clear.`,
        stockQuantity: variants.reduce((sum, variant) => sum + (variant.stockQuantity ?? 0), 0),
        weightKg: Math.round(size[3] * (0.92 + rng() * 0.16)),
        description: `<p>This ${name} comes from a UK fleet, serviced on schedule and inspected in our workshop before sale.</p><p>Choose the colour and gearbox you want; every car is sold with a fresh MOT, two keys and a 3-month warranty.</p>`,
        distributorUrl: `https://dealers.example.co.uk/${make.slug}`,
        vehicleBackground: paints[0]?.[1] ?? '#16181c',
        lengthCm: size[0],
        widthCm: size[1],
        heightCm: size[2],
        manufacturerId: make.id,
        makeId: make.id,
        modelId: model.id,
        year,
        selectorValues: {},
        createdAt,
      },
      ...variants,
    );

    const photos = int(rng, 4, 6);
    for (let position = 0; position < photos; position += 1) {
      rows.images.push({
        vehicleProductId: id,
        drawingSeed: drawingSeed(seed, id, position + 1),
        isBanner: position === 0,
        title: position === 0 ? name : `${name}, photo ${position + 1}`,
        alt: `${name}, photo ${position + 1}`,
        position,
      });
    }
    const tabs: readonly (readonly ['tab' | 'additional_content', string, string])[] = [
      ['tab', 'Overview', `<p>${name}: ${miles} miles, ${vehicle.transmission.label.toLowerCase()}.</p>`],
      ['tab', 'Specification', specificationTable(vehicle, size)],
      [
        'tab',
        'Delivery and collection',
        '<p>Collect from our yard or have it delivered on a transporter anywhere on the UK mainland within 5 working days.</p>',
      ],
      [
        'additional_content',
        'What’s included',
        '<ul><li>Two keys</li><li>V5C registration document</li><li>Service book and MOT certificate</li></ul>',
      ],
      ['additional_content', 'Warranty', '<p>3 months’ mechanical and electrical warranty, extendable to 12 months.</p>'],
    ];
    tabs.forEach(([kind, title, content], position) => rows.tabs.push({ vehicleProductId: id, kind, title, content, position }));
    if (priceOld !== null) {
      // Listed higher, reduced once inside the 30 days before the discount, then discounted.
      rows.priceHistory.push(
        { partId: null, vehicleProductId: id, priceNet: vehiclePrice(askingPounds + int(rng, 3, 9) * 100), validFrom: createdAt },
        { partId: null, vehicleProductId: id, priceNet: priceOld, validFrom: daysBefore(discountFrom, int(rng, 5, 25)) },
        { partId: null, vehicleProductId: id, priceNet: price, validFrom: discountFrom },
      );
    }
    rows.reviews.push(...reviewsOf({ vehicleProductId: id, typeKey: null, listedAt: createdAt }, rng, REVIEWED_SHARE));
  }
  return rows;
}
