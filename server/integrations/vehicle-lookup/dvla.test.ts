import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDvlaVehicleLookup } from './dvla';
import { FAKE_DVLA_KEY, type FakeDvla, startFakeDvla } from './fake-dvla';

describe('DVLA Vehicle Enquiry Service adapter', () => {
  let dvla: FakeDvla;
  beforeAll(async () => {
    dvla = await startFakeDvla({
      vehicles: {
        LM70HZY: { make: 'BMW', yearOfManufacture: 2020, fuelType: 'DIESEL', colour: 'BLACK', engineCapacity: 1995 },
        AB12CDE: { make: 'FORD', monthOfFirstRegistration: '2012-03', fuelType: 'DIESEL', colour: 'SILVER' },
        NOYEAR1: { make: 'FORD' },
        SLOW123: { make: 'AUDI', yearOfManufacture: 2018 },
      },
      failing: ['BROKEN1'],
      slow: { SLOW123: 400 },
    });
  });
  afterAll(() => dvla.close());

  const lookup = (options: { apiKey?: string; timeoutMs?: number } = {}) =>
    createDvlaVehicleLookup({ apiKey: options.apiKey ?? FAKE_DVLA_KEY, url: dvla.url, timeoutMs: options.timeoutMs ?? 2000 });

  it('answers the make and year, and no model, for a known registration', async () => {
    expect(await lookup().lookup('LM70HZY')).toEqual({
      status: 'found',
      vehicle: { make: 'BMW', model: null, year: 2020, style: '', transmission: '', gears: null, engineCode: '', imageUrl: '' },
    });
    expect(dvla.received.at(-1)).toBe('LM70HZY');
  });

  it('takes the year of first registration when the service has no year of manufacture', async () => {
    expect(await lookup().lookup('AB12CDE')).toMatchObject({ status: 'found', vehicle: { make: 'FORD', year: 2012 } });
  });

  it('reads a 404 as a registration the service does not know', async () => {
    expect(await lookup().lookup('ZZ99ZZZ')).toEqual({ status: 'not_found' });
  });

  it('reads a 500, a refused key, a 400 and an answer without a year as unavailable', async () => {
    expect(await lookup().lookup('BROKEN1')).toMatchObject({ status: 'unavailable', reason: 'DVLA answered 500' });
    expect(await lookup({ apiKey: 'wrong' }).lookup('LM70HZY')).toMatchObject({ status: 'unavailable', reason: 'DVLA answered 403' });
    expect(await lookup().lookup('AB12-CDE')).toMatchObject({ status: 'unavailable', reason: 'DVLA answered 400' });
    expect(await lookup().lookup('NOYEAR1')).toMatchObject({ status: 'unavailable' });
  });

  it('gives up on a slow answer after its timeout', async () => {
    // The fake answers SLOW123 after 400 ms: 'unavailable' is the adapter giving up first.
    expect(await lookup({ timeoutMs: 100 }).lookup('SLOW123')).toMatchObject({ status: 'unavailable' });
    expect(await lookup({ timeoutMs: 2000 }).lookup('SLOW123')).toMatchObject({ status: 'found', vehicle: { make: 'AUDI', year: 2018 } });
  });

  it('reads a spent quota (429) as unavailable', async () => {
    const limited = await startFakeDvla({ vehicles: { LM70HZY: { make: 'BMW', yearOfManufacture: 2020 } }, quota: 1 });
    try {
      const adapter = createDvlaVehicleLookup({ apiKey: FAKE_DVLA_KEY, url: limited.url, timeoutMs: 2000 });
      expect(await adapter.lookup('LM70HZY')).toMatchObject({ status: 'found' });
      expect(await adapter.lookup('LM70HZY')).toMatchObject({ status: 'unavailable', reason: 'DVLA answered 429' });
    } finally {
      await limited.close();
    }
  });

  it('reads a service that cannot be reached as unavailable', async () => {
    const closed = await startFakeDvla({ vehicles: {} });
    await closed.close();
    const adapter = createDvlaVehicleLookup({ apiKey: FAKE_DVLA_KEY, url: closed.url, timeoutMs: 2000 });
    expect(await adapter.lookup('LM70HZY')).toMatchObject({ status: 'unavailable' });
  });
});
