import { expect, test, type Page } from '@playwright/test';

/**
 * A screen whose code cannot load (offline, or an old tab after a deploy) never blanks the app: the header stays,
 * the page says what happened and offers Reload, and it recovers when the code can be had again.
 */

/** Refuses every script the page did not load on its first visit: the lazily loaded screens. */
async function blockNewChunks(page: Page): Promise<{ unblock: () => Promise<void>; refused: string[] }> {
  const loaded = new Set(
    await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name.split('?')[0] ?? '')),
  );
  const refused: string[] = [];
  const pattern = /\/assets\/.*\.js$/;
  await page.route(pattern, async (route) => {
    const url = route.request().url().split('?')[0] ?? '';
    if (loaded.has(url)) return route.continue();
    refused.push(url);
    return route.abort('internetdisconnected');
  });
  return { unblock: () => page.unroute(pattern), refused };
}

test.describe('a screen whose code cannot load', () => {
  test('after a deploy-like failure: one reload, then an error with Reload that recovers; never a blank page', async ({
    page,
  }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.locator('#results article').first()).toBeVisible();
    const blocked = await blockNewChunks(page);
    await page.getByRole('link', { name: 'About' }).first().click();
    const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('banner')).toBeVisible();
    expect(blocked.refused.length).toBeGreaterThan(0);
    await blocked.unblock();
    await alert.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/could not be loaded/);
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0);
  });

  test('offline: says so, and loads the screen by itself when the connection is back', async ({ page, context }) => {
    // The server-rendered page shows before the app runs; a link clicked before then is a plain page load, which
    // offline gets the browser's own error page. This is about the app's screens, so it waits for the app.
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.locator('#results article').first()).toBeVisible();
    await context.setOffline(true);
    await page.getByRole('link', { name: 'About' }).first().click();
    const alert = page.getByRole('alert').filter({ hasText: "You're offline" });
    await expect(alert).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('banner')).toBeVisible();
    await context.setOffline(false);
    await expect(alert).toHaveCount(0, { timeout: 20_000 });
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('main')).toContainText(/about/i);
  });
});
