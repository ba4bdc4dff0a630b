/**
 * Donor vehicles: the cars a UK breaker's yard dismantles, weighted the way a yard fills up (lots of
 * Fords, Vauxhalls and VWs, few Lotuses). Every generated part comes from one donor and shares its
 * make, model, year, engine, colour, mileage and stock number; registrations are drawn from the
 * same mix, so a searched car usually has parts.
 */
import { PAINT_NAMES } from '../data/content';
import type { Rng } from '../data/rng';
import { int, pick } from '../data/rng';
import type { BodyStyle, Engine, Make, Model, Transmission } from '../data/vehicles';
import { LATEST_MODEL_YEAR, MAKES, MODELS, lastYear } from '../data/vehicles';
import { CATALOGUE_DATE } from './dates';
import { weightedList } from './weighted';

/** How often each make turns up in a yard, relative; makes not listed are rare. */
const MAKE_WEIGHTS: Readonly<Record<string, number>> = {
  Ford: 16,
  Vauxhall: 14,
  Volkswagen: 11,
  BMW: 7,
  Nissan: 6,
  Peugeot: 6,
  Audi: 6,
  'Mercedes-Benz': 6,
  Renault: 5,
  Citroen: 5,
  Toyota: 5,
  Honda: 3.5,
  Skoda: 3.5,
  Fiat: 3.5,
  Hyundai: 3,
  Kia: 3,
  SEAT: 3,
  Mini: 3,
  'Land Rover': 2.5,
  Volvo: 2.5,
  Mazda: 2.5,
  Suzuki: 1.5,
  Jaguar: 1.2,
  Mitsubishi: 1.2,
  Dacia: 1,
  'Alfa Romeo': 0.8,
  Chevrolet: 0.8,
  Smart: 0.8,
  MG: 0.7,
  Jeep: 0.6,
  Lexus: 0.6,
  Saab: 0.6,
  Rover: 0.6,
  DS: 0.5,
  Subaru: 0.5,
  Porsche: 0.4,
};
const RARE_MAKE_WEIGHT = 0.3;

/** The best sellers of the last twenty years, which fill most of a yard's rows. */
const BEST_SELLERS = new Set([
  'Ford Fiesta',
  'Ford Focus',
  'Ford Transit',
  'Vauxhall Corsa',
  'Vauxhall Astra',
  'Vauxhall Insignia',
  'Volkswagen Golf',
  'Volkswagen Polo',
  'Volkswagen Passat',
  'BMW 1 Series',
  'BMW 3 Series',
  'Audi A3',
  'Audi A4',
  'Mercedes-Benz C-Class',
  'Mercedes-Benz A-Class',
  'Nissan Qashqai',
  'Nissan Micra',
  'Nissan Juke',
  'Toyota Yaris',
  'Toyota Aygo',
  'Peugeot 206',
  'Peugeot 207',
  'Peugeot 208',
  'Renault Clio',
  'Renault Megane',
  'Citroen C3',
  'Mini Hatch',
  'Skoda Octavia',
  'Skoda Fabia',
  'SEAT Ibiza',
  'SEAT Leon',
  'Fiat 500',
  'Fiat Grande Punto',
  'Honda Civic',
  'Honda Jazz',
  'Kia Sportage',
  'Hyundai i30',
  'Land Rover Range Rover Evoque',
]);

/** A model row's share of its make: longer-running rows and best sellers put more cars in the yard. */
function modelWeight(make: Make, model: Model): number {
  const years = Math.min(12, Math.min(lastYear(model), LATEST_MODEL_YEAR) - model.yearFrom + 1);
  const popularity = BEST_SELLERS.has(`${make.name} ${model.name}`) ? 3 : 1;
  const commercial = model.bodyStyles[0] === 'Van' || model.bodyStyles[0] === 'Pickup' ? 0.6 : 1;
  return Math.max(1, years) * popularity * commercial;
}

const MODEL_MIX = weightedList(
  MAKES.flatMap((make) => {
    const rows = MODELS.filter((model) => model.makeId === make.id);
    const total = rows.reduce((sum, model) => sum + modelWeight(make, model), 0);
    const makeWeight = MAKE_WEIGHTS[make.name] ?? RARE_MAKE_WEIGHT;
    return rows.map((model) => [{ make, model }, (makeWeight * modelWeight(make, model)) / total] as const);
  }),
);

/** Basic colours as the attribute filter names them, by how common they are on UK roads. */
const COLOUR_MIX = weightedList([
  ['Black', 18],
  ['Silver', 16],
  ['Grey', 16],
  ['White', 14],
  ['Blue', 12],
  ['Red', 10],
  ['Dark Grey', 4],
  ['Dark Blue', 3],
  ['Green', 2],
  ['Brown', 1],
  ['Beige', 1],
  ['Orange', 1],
  ['Yellow', 0.5],
  ['Bronze', 0.5],
  ['Purple', 0.5],
] as const);

export interface Vehicle {
  readonly make: Make;
  readonly model: Model;
  readonly year: number;
  readonly engine: Engine;
  readonly transmission: Transmission;
  readonly bodyStyle: BodyStyle;
}

export interface Donor extends Vehicle {
  /** Basic colour (the Colour attribute) and the maker's paint name for descriptions. */
  readonly colour: string;
  readonly paint: string;
  readonly mileage: number;
  /** The yard's number for the car, shared by every part taken from it. */
  readonly stockNumber: string;
}

/** A make and model from the yard mix, with a year, engine, gearbox and body it was sold with. */
export function pickVehicle(rng: Rng): Vehicle {
  const { make, model } = MODEL_MIX.pick(rng);
  const year = int(rng, model.yearFrom, Math.min(lastYear(model), LATEST_MODEL_YEAR));
  // UK cars are mostly manual; the first gearbox listed is the common one.
  const manual = model.transmissions.find((gearbox) => gearbox.type === 'Manual');
  const transmission = manual !== undefined && rng() < 0.7 ? manual : pick(rng, model.transmissions);
  const bodyStyle = rng() < 0.6 ? (model.bodyStyles[0] as BodyStyle) : pick(rng, model.bodyStyles);
  return { make, model, year, engine: pick(rng, model.engines), transmission, bodyStyle };
}

function paintName(make: Make, colour: string, rng: Rng): string {
  const paints = (PAINT_NAMES[make.name] ?? []).filter((paint) => paint.includes(colour));
  return paints.length > 0 ? pick(rng, paints) : colour;
}

/** Yearly miles of a UK car, times its age when it reached the yard. */
function mileageOf(year: number, rng: Rng): number {
  const age = Math.max(1, CATALOGUE_DATE.getUTCFullYear() - year);
  return age * int(rng, 5_000, 11_000) + int(rng, 500, 6_000);
}

/** A car in the yard: the vehicle with a colour, mileage and stock number. */
export function donorOf(vehicle: Vehicle, rng: Rng, stockNumber: string, colour: string = COLOUR_MIX.pick(rng)): Donor {
  return { ...vehicle, colour, paint: paintName(vehicle.make, colour, rng), mileage: mileageOf(vehicle.year, rng), stockNumber };
}
