/**
 * `npm run seed [-- --parts N] [-- --seed S]`: migrates the configured database (DATABASE_URL, else
 * PGlite under DATA_DIR) and fills it with the demo data. Without options an existing catalogue
 * is kept; --parts or --seed rebuilds it (20,000 parts and seed 1 unless given).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { databaseOptions } from '../db/options';
import { CatalogueOptionsError, DEFAULT_CATALOGUE } from './catalogue/index';
import { seed } from './index';

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) {
    console.error(`--${name} must be a whole number, not '${value}'`);
    process.exit(2);
  }
  return Number(value);
}

const { values } = parseArgs({ options: { parts: { type: 'string' }, seed: { type: 'string' } } });
const options = {
  parts: wholeNumber('parts', values.parts, DEFAULT_CATALOGUE.parts),
  seed: wholeNumber('seed', values.seed, DEFAULT_CATALOGUE.seed),
  replace: values.parts !== undefined || values.seed !== undefined,
};

const startedAt = performance.now();
const config = loadConfig();
const database = await openDatabase(databaseOptions(config));
try {
  await migrateDatabase(database);
  const done = await seed(database.db, options);
  const where = database.driver === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.warn(`Seeded ${where} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s: ${done.join('; ')}.`);
} catch (error) {
  if (!(error instanceof CatalogueOptionsError)) throw error;
  console.error(error.message);
  process.exitCode = 2;
} finally {
  await database.close();
}
