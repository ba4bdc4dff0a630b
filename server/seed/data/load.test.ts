import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { readReferenceData, REFERENCE_DATA_DIR } from './load';

const folder = mkdtempSync(path.join(os.tmpdir(), 'reference-data-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const makes = z.object({ makes: z.array(z.object({ name: z.string().min(1), oemStyle: z.enum(['ford', 'vag']) })) });

describe('reference data files', () => {
  it('reads a file that matches its schema', () => {
    writeFileSync(path.join(folder, 'good.json'), JSON.stringify({ makes: [{ name: 'Ford', oemStyle: 'ford' }] }));
    expect(readReferenceData('good.json', makes, folder)).toEqual({ makes: [{ name: 'Ford', oemStyle: 'ford' }] });
  });

  it('fails on a wrong value, naming the file and the field', () => {
    writeFileSync(path.join(folder, 'bad.json'), JSON.stringify({ makes: [{ name: 'Ford', oemStyle: 'ford' }, { name: 'Audi', oemStyle: 'audi' }] }));
    expect(() => readReferenceData('bad.json', makes, folder)).toThrow(/bad\.json: makes\.1\.oemStyle: /);
  });

  it('fails on a file that is not JSON, naming the file', () => {
    writeFileSync(path.join(folder, 'broken.json'), '{ "makes": [');
    expect(() => readReferenceData('broken.json', makes, folder)).toThrow(/broken\.json/);
  });

  it('are found beside the module that reads them', () => {
    expect(() => readReferenceData('vehicles.json', z.object({ makes: z.array(z.unknown()).min(1) }).loose())).not.toThrow();
    expect(REFERENCE_DATA_DIR).toMatch(/server[\\/]seed[\\/]data$/);
  });
});
