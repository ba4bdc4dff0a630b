import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { makes, models, registrations } from '../../db/schema';
import { resetDatabase, testDatabase } from '../../test/database';
import { createVehicleLookup } from './index';
import { FAKE_DVLA_KEY } from './fake-dvla';

beforeEach(async () => {
  const { db } = await testDatabase();
  await resetDatabase(db);
  await db.insert(makes).values([
    { id: 1, name: 'Ford', slug: 'ford' },
    { id: 5, name: 'BMW', slug: 'bmw' },
  ]);
  await db.insert(models).values({ id: 1003, makeId: 1, name: 'Focus', generation: 'Mk3', slug: 'focus', yearFrom: 2011, yearTo: 2018 });
  await db.insert(registrations).values([
    { vrn: 'AB12CDE', makeId: 1, modelId: 1003, year: 2012, style: 'Hatchback', transmission: 'Manual', gears: 6, engineCode: 'T1DA', imageUrl: '' },
    { vrn: 'LM70HZY', makeId: 5, modelId: null, year: 2020, style: '', transmission: '', gears: null, engineCode: '' },
  ]);
});

describe('embedded vehicle registry', () => {
  const embedded = async () => createVehicleLookup(loadConfig({}).vehicleLookup, (await testDatabase()).db);

  it('is the adapter used when no DVLA key is configured', async () => {
    expect(loadConfig({}).vehicleLookup).toEqual({ adapter: 'embedded' });
    expect(loadConfig({ DVLA_API_KEY: FAKE_DVLA_KEY }).vehicleLookup).toMatchObject({
      adapter: 'dvla',
      apiKey: FAKE_DVLA_KEY,
      url: 'https://driver-vehicle-licensing.api.gov.uk/vehicle-enquiry/v1/vehicles',
      timeoutMs: 3000,
    });
  });

  it('answers a registration it holds with the model named with its generation', async () => {
    expect(await (await embedded()).lookup('AB12CDE')).toEqual({
      status: 'found',
      vehicle: { make: 'Ford', model: 'Focus Mk3', year: 2012, style: 'Hatchback', transmission: 'Manual', gears: 6, engineCode: 'T1DA', imageUrl: '' },
    });
  });

  it('answers the make without a model where its record has none, like the DVLA', async () => {
    expect(await (await embedded()).lookup('LM70HZY')).toMatchObject({ status: 'found', vehicle: { make: 'BMW', model: null, year: 2020 } });
  });

  it('does not know a registration it does not hold', async () => {
    expect(await (await embedded()).lookup('ZZ99ZZZ')).toEqual({ status: 'not_found' });
  });
});
