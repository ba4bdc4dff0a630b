/** `npm run seed`: migrates the configured database and fills it with the demo data. */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { databaseOptions } from '../db/options';
import { seed } from './index';

const config = loadConfig();
const database = await openDatabase(databaseOptions(config));
try {
  await migrateDatabase(database);
  const filled = await seed(database.db);
  console.warn(`Seeded ${database.driver === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}: ${filled.join(', ')}.`);
} finally {
  await database.close();
}
