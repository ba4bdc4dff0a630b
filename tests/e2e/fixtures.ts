/**
 * Playwright with one rule added for this shop: a page opened by goto or reload is acted on only
 * once React has taken over the markup the server drew (`html[data-hydrated]`, set by
 * src/main.tsx); a click before that would land on inert HTML. Specs import `test` and `expect`
 * from here instead of '@playwright/test'.
 */
import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 15_000 });
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const goBack = page.goBack.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await waitForHydration(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await waitForHydration(page);
      return response;
    };
    page.goBack = async (...args) => {
      const response = await goBack(...args);
      // Back within the app is the router's own navigation; back onto a freshly loaded page is not.
      await waitForHydration(page);
      return response;
    };
    await use(page);
  },
});
