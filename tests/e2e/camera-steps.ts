import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fullChromium } from './browsers';
import { expect, type Page, axeOf } from './fixtures';
import { drawBarcodeLabel, drawPlate, framed, y4mOf } from '../camera/drawn-images';

// Issue 31: the camera reads a number plate into the registration field and a label's barcode
// into the part-number search, in Chromium with a fake camera playing a .y4m drawn here (a plate,
// a label), online and offline after one visit; a refused camera falls back to 'Take a photo'.
// The fake camera needs flags at the browser's launch, so each camera-*.spec.ts launches its own
// (test.use at the top of a file). At phone width (@phone): the home page's searches are an
// accordion there.

const FRAME = { width: 640, height: 360 };
const dir = path.join(os.tmpdir(), `shop-camera-${process.pid}`);
mkdirSync(dir, { recursive: true });
export const platePng = await framed(await drawPlate('AB12 CDE', { width: 440 }), FRAME.width, FRAME.height);
const labelPng = await framed(await drawBarcodeLabel('AV6N-10300-GC', 'code128', 2), FRAME.width, FRAME.height);
export const PLATE_VIDEO = path.join(dir, 'plate.y4m');
export const LABEL_VIDEO = path.join(dir, 'label.y4m');
writeFileSync(PLATE_VIDEO, await y4mOf(platePng, FRAME.width, FRAME.height));
writeFileSync(LABEL_VIDEO, await y4mOf(labelPng, FRAME.width, FRAME.height));

// The full browser, with a fake camera playing `video`.
export const camera = (video: string, allowed = true) => {
  const browser = fullChromium();
  return {
    launchOptions: {
      ...browser,
      args: [...(browser.args ?? []), '--use-fake-device-for-media-stream', ...(allowed ? ['--use-fake-ui-for-media-stream'] : []), `--use-file-for-fake-video-capture=${video}`],
    },
  };
};

export const ALTERNATOR = 'Alternator';
/** The first reading loads the reader's model and WebAssembly: on a busy machine, a while. */
export const FIRST_READING_MS = 45_000;

export async function openRegistrationCamera(page: Page) {
  const registration = page.getByLabel('Enter registration');
  await expect(registration).toBeEditable();
  await page.getByRole('button', { name: 'Read the registration with the camera' }).first().click();
  return page.getByRole('dialog', { name: 'Read the number plate' });
}

export async function axeClean(page: Page) {
  const results = await axeOf(page).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(bad.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

