/**
 * Demo data. Seeders run in the order listed and may rely on the ones before: part types are
 * upserted (their ids never change); the catalogue is generated when there is none, or rebuilt
 * when asked (`npm run seed -- --parts N`). Later issues append theirs.
 */
import type { Database } from '../db/client';
import type { CatalogueOptions } from './catalogue/index';
import { DEFAULT_CATALOGUE, seedCatalogue } from './catalogue/index';
import { seedAccounts } from './accounts';
import { seedCheckout } from './checkout';
import { seedContent } from './content';
import { seedPartTypes } from './part-types';
import { hasReturnReasons, seedReturnReasons } from './returns';
import { hasAccountsReference, hasCatalogue, hasCheckoutReference, hasContent } from './state';

export interface SeedOptions extends CatalogueOptions {
  /** Rebuild the catalogue even when there is one. */
  readonly replace: boolean;
}

interface Seeder {
  name: string;
  /** Returns what it did, for the log. */
  run(db: Database, options: SeedOptions): Promise<string>;
}

const SEEDERS: readonly Seeder[] = [
  {
    name: 'part types',
    run: async (db) => {
      await seedPartTypes(db);
      return 'part types';
    },
  },
  {
    name: 'catalogue',
    run: async (db, options) => {
      if (!options.replace && (await hasCatalogue(db))) return 'catalogue kept (--parts N rebuilds it)';
      const summary = await seedCatalogue(db, options);
      return `catalogue of ${summary.parts.toLocaleString('en-GB')} parts (seed ${options.seed}), ${summary.registrations.toLocaleString('en-GB')} registrations, ${summary.vehicleProducts} vehicle products`;
    },
  },
  { name: 'checkout', run: (db) => seedCheckout(db) },
  { name: 'accounts', run: (db) => seedAccounts(db) },
  { name: 'return reasons', run: (db) => seedReturnReasons(db) },
  // Jobs and articles are dated from the day the shop is seeded.
  { name: 'content', run: (db) => seedContent(db, new Date()) },
];

/** Runs every seeder; returns what each did. */
export async function seed(db: Database, options: SeedOptions = { ...DEFAULT_CATALOGUE, replace: false }): Promise<string[]> {
  const done: string[] = [];
  for (const seeder of SEEDERS) done.push(await seeder.run(db, options));
  return done;
}

/** The first start of an empty database seeds it (the default catalogue); later starts skip this with one cheap count. */
export async function seedIfEmpty(db: Database, catalogue: CatalogueOptions = DEFAULT_CATALOGUE): Promise<boolean> {
  if (await hasCatalogue(db)) {
    // A database seeded before the checkout existed gets its regions, deliveries and codes too.
    if (!(await hasCheckoutReference(db))) await seedCheckout(db);
    // And one seeded before member accounts gets the deletion reasons and sign-up texts.
    if (!(await hasAccountsReference(db))) await seedAccounts(db);
    if (!(await hasReturnReasons(db))) await seedReturnReasons(db);
    // And one seeded before the jobs section and blog gets them, and the shop's static pages.
    if (!(await hasContent(db))) await seedContent(db, new Date());
    return false;
  }
  await seed(db, { ...catalogue, replace: true });
  return true;
}
