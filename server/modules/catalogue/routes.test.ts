import { describe, expect, it } from 'vitest';
import { getPartTypes } from '../../../src/contract/part-types';
import { testApp } from '../../test/app';

describe('GET /web-api/products/types.json', () => {
  it('answers every part type in the fields of SPEC §7', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: '/web-api/products/types.json' });

    expect(response.statusCode).toBe(200);
    const body = getPartTypes.response.parse(response.json());
    expect(body.data.length).toBeGreaterThanOrEqual(150);
    expect(Object.keys(body.data[0] ?? {}).sort()).toEqual(['CompatabilityFlag', 'ExternalName', 'ID', 'Name']);
    expect(body.data).toContainEqual(expect.objectContaining({ Name: 'Alternator', ExternalName: '[Alternator]', CompatabilityFlag: 'TRUE' }));
    expect(body.data).toContainEqual(expect.objectContaining({ Name: 'Front Bumper', ExternalName: 'FRONT_BUMPER', CompatabilityFlag: 'FALSE' }));
  });

  it('lists names not starting with a digit first, then alphabetically (SPEC §5)', async () => {
    const app = await testApp();
    const names: string[] = (await app.inject({ method: 'GET', url: '/web-api/products/types.json' })).json().data.map((t: { Name: string }) => t.Name);

    const startsWithDigit = (name: string) => /^\d/.test(name);
    const firstDigit = names.findIndex(startsWithDigit);
    expect(firstDigit).toBeGreaterThan(0);
    expect(names.slice(firstDigit).every(startsWithDigit)).toBe(true);
    const byName = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);
    expect(names.slice(0, firstDigit)).toEqual([...names.slice(0, firstDigit)].sort(byName));
    expect(names.slice(0, 3)).toEqual(['ABS Pump', 'ABS Sensor', 'Accelerator Pedal']);
  });

  it('may be cached for an hour, by shared caches too, so it sets no cookie', async () => {
    const app = await testApp();
    const response = await app.inject({ method: 'GET', url: '/web-api/products/types.json' });

    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});
