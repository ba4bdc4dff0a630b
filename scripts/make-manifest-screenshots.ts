// Writes the web manifest's screenshots (public/screenshots/): the shop's home screen on a phone
// (narrow, 390 × 844) and on a wide screen (1280 × 800), as the install dialog of Chromium shows
// them. Run against a running production build with demo data:
//   npm run build && npm start   (another shell)   then   npx tsx scripts/make-manifest-screenshots.ts [http://localhost:3000]
// The PNGs are committed; they are left out of the service worker's precache (vite.config.ts).
import { chromium } from '@playwright/test';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const base = process.argv[2] ?? 'http://localhost:3000';
const outDir = path.resolve(import.meta.dirname, '../public/screenshots');
const SHOTS = [
  { name: 'home-narrow.png', width: 390, height: 844, mobile: true },
  { name: 'home-wide.png', width: 1280, height: 800, mobile: false },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(existsSync(chromium.executablePath()) ? {} : { executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const shot of SHOTS) {
    const page = await browser.newPage({ viewport: { width: shot.width, height: shot.height }, isMobile: shot.mobile, hasTouch: shot.mobile, serviceWorkers: 'block' });
    await page.goto(base);
    await page.locator('a[href^="/category/"]').first().waitFor();
    await page.locator(':not(button)[aria-disabled="true"]').first().waitFor({ state: 'detached' }).catch(() => undefined);
    const png = await page.screenshot();
    // A palette of 256 colours: a screen of flat colours loses nothing visible and weighs a third.
    await sharp(png).png({ palette: true, quality: 90, compressionLevel: 9 }).toFile(path.join(outDir, shot.name));
    console.warn(`wrote public/screenshots/${shot.name}`);
    await page.close();
  }
} finally {
  await browser.close();
}
