/**
 * Playwright with one rule added for this shop: a hydration mismatch fails the test. The server
 * renders every page and the browser hydrates it; a difference between the two makes React throw
 * the server's markup away (and log it), so any such console error fails whatever test saw it.
 * Specs import `test` and `expect` from here instead of '@playwright/test'.
 *
 * Nothing waits for hydration: controls that need React render disabled until it has taken over
 * (src/shared/hooks/use-hydrated.ts), and Playwright's actions wait for an enabled control.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * React's words for a hydration failure ("Hydration failed…", "…didn't match…", "…while
 * hydrating…"), and the same errors as a production build reports them, by number (418: the
 * server's HTML or text did not match; 419, 421, 423: a boundary or the root fell back to
 * rendering in the browser; 425: text content did not match).
 */
const HYDRATION_ERROR = /hydrat|didn't match|did not match|react\.dev\/errors\/(418|419|421|423|425)\b/i;

export const test = base.extend({
  page: async ({ page }, use) => {
    const mismatches: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && HYDRATION_ERROR.test(message.text())) mismatches.push(message.text());
    });
    page.on('pageerror', (error) => {
      if (HYDRATION_ERROR.test(error.message)) mismatches.push(error.message);
    });
    await use(page);
    expect(mismatches, 'the server-rendered page and its hydration differ').toEqual([]);
  },
});

/**
 * Waits until React owns the page and the parts it draws anew right after hydration (the root, a
 * wide screen's tabs, the search panels) or hydrates later (the home page's lazy category links):
 * until then they carry aria-disabled. Buttons also use
 * aria-disabled to say "nothing to do yet", so they do not count here.
 */
export async function pageSettled(page: Page): Promise<void> {
  await expect(page.locator(':not(button)[aria-disabled="true"]')).toHaveCount(0);
}

/**
 * axe over the page (narrow it with `.include()`), as every journey's accessibility check runs it:
 * it reports the violations only. Every rule still runs on every element; axe only skips writing up
 * each element that passes (a unique selector and its HTML), which no journey reads and which was
 * much of a check's time on a long page.
 */
export function axeOf(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
}

/**
 * A picture of a screen (or of a part of one) for people to look at: run the journeys, then open
 * the PNGs. No assertion reads them, so CI does not take them (E2E_SCREENSHOTS=1 does): a full-page
 * picture at the phone's scale took 0.7–1.8 s of the browser's CPU on a loaded machine, and a run
 * takes over a hundred.
 */
export async function keepScreenshot(target: Page, options: Parameters<Page['screenshot']>[0]): Promise<void>;
export async function keepScreenshot(target: Locator, options: Parameters<Locator['screenshot']>[0]): Promise<void>;
export async function keepScreenshot(target: Page | Locator, options: Parameters<Page['screenshot']>[0]): Promise<void> {
  if (process.env.CI && !process.env.E2E_SCREENSHOTS) return;
  await target.screenshot(options);
}
