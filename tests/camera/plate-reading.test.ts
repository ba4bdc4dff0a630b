/**
 * Issue 31, done when: plates drawn at several sizes, blurs, angles and lights read to the right
 * registration in at least 9 of 10, and never to a wrong valid registration. tesseract.js runs in
 * Node on the locally installed English model, with the browser's settings and preparation
 * (src/shared/camera/prepare-image.ts) and the plate rules (src/domain/number-plates.ts).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { plateInText, plateOf } from '../../src/domain/number-plates';
import { partNumberInText } from '../../src/domain/part-number-reading';
import { PLATE_READ_WIDTH, prepareForReading } from '../../src/shared/camera/prepare-image';
import { LABEL_READER_PARAMETERS, PLATE_READER_PARAMETERS } from '../../src/shared/camera/reader-settings';
import { packageDir } from '../../scripts/camera-assets';
import { drawLabel, drawPlate, pixelsOf, pngOf, type PlateLook } from './drawn-images';
import sharp from 'sharp';

const MODEL_DIR = path.join(packageDir('@tesseract.js-data/eng'), '4.0.0_best_int');

let worker: Worker;

beforeAll(async () => {
  worker = await createWorker('eng', OEM.LSTM_ONLY, { langPath: MODEL_DIR, gzip: true, cacheMethod: 'none' });
  await worker.setParameters(PLATE_READER_PARAMETERS);
}, 60_000);

afterAll(async () => {
  await worker?.terminate();
});

/** What the phone does with the guide's crop: scaled to the reading width, prepared, read, cleaned. */
async function readPlate(png: Buffer) {
  const scaled = await sharp(png).resize({ width: PLATE_READ_WIDTH }).png().toBuffer();
  const prepared = prepareForReading(await pixelsOf(scaled), { plate: true });
  const { data } = await worker.recognize(await pngOf(prepared));
  return { text: data.text.trim(), reading: plateInText(data.text) };
}

const CASES: [display: string, look: PlateLook][] = [
  ['AB12 CDE', { width: 520 }],
  ['WR68 XKL', { width: 260 }],
  ['LM19 HTV', { width: 900, rear: false }],
  ['YK07 ZPA', { width: 520, blur: 1.2 }],
  ['SN21 BFG', { width: 400, blur: 2 }],
  ['P472 RKM', { width: 520, angle: 4 }],
  ['GBU 342V', { width: 520, angle: -6 }],
  ['FX70 MWD', { width: 520, light: 0.45 }],
  ['KC63 UJR', { width: 520, light: 1.4, contrast: 0.6 }],
  ['HJ15 NEO', { width: 600, shadow: true }],
  ['ABZ 4821', { width: 520, rear: false, contrast: 0.5 }],
  ['VE55 DLT', { width: 330, blur: 1, angle: 3, light: 0.7 }],
  ['M738 KLN', { width: 480, rear: false, angle: -3 }],
  ['JNP 77K', { width: 520, blur: 1.5 }],
  ['RTA 216', { width: 300, light: 0.6 }],
  ['LIW 7359', { width: 520, shadow: true, rear: false }],
  ['DA18 PXY', { width: 700, angle: 8 }],
  ['NU66 GHS', { width: 240, blur: 0.8 }],
  ['BT09 RCE', { width: 520, contrast: 0.45, light: 1.2 }],
  ['C91 FWX', { width: 420, angle: -4, blur: 1 }],
];

describe('issue 31: a drawn plate reads to its registration', () => {
  it('draws its test plates in every format', () => {
    expect(new Set(CASES.map(([display]) => plateOf(display)?.format))).toEqual(new Set(['current', 'prefix', 'suffix', 'dateless', 'northern-irish']));
  });

  it('reads at least 9 in 10 plates right and none to a wrong registration', async () => {
    const results = [];
    for (const [display, look] of CASES) {
      const { text, reading } = await readPlate(await drawPlate(display, look));
      results.push({ expected: display.replace(' ', ''), read: reading?.registration ?? null, text, look });
    }
    const right = results.filter((result) => result.read === result.expected);
    const wrong = results.filter((result) => result.read !== null && result.read !== result.expected);
    const table = results.map((r) => `${r.expected.padEnd(8)} ${String(r.read).padEnd(8)} '${r.text}' ${JSON.stringify(r.look)}`).join('\n');
    expect(wrong, table).toEqual([]);
    expect(right.length / results.length, table).toBeGreaterThanOrEqual(0.9);
  }, 90_000);
});

describe('issue 31: a printed part number reads with the part-number alphabet', () => {
  it.each<[string[], string]>([
    [['BOSCH', 'P/N 0 986 494 123'], '0986494123'],
    [['GENUINE PART', '8V21-2B384-AC'], '8V212B384AC'],
  ])('%s → %s', async (lines, partNumber) => {
    const png = await drawLabel(lines);
    const prepared = prepareForReading(await pixelsOf(png));
    await worker.setParameters(LABEL_READER_PARAMETERS);
    try {
      const { data } = await worker.recognize(await pngOf(prepared));
      expect(partNumberInText(data.text)).toBe(partNumber);
    } finally {
      await worker.setParameters(PLATE_READER_PARAMETERS);
    }
  }, 30_000);
});
