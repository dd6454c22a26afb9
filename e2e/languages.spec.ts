import { expect, test, type Page } from '@playwright/test';
import { confirmEmailFromOutbox, SEEKER_PASSWORD, shootScreens, signUpAs, uniqueSuffix } from './fixtures';

/*
 * Languages in the browser (issue 35): the server writes the page in the reader's language (Accept-Language, else
 * the cookie the language menu sets), the app hydrates in the same one with no flash of English, and Arabic turns
 * the page right to left.
 */

/** Console errors and uncaught errors of a page (a failed hydration is reported as one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The German home page's texts the server writes and the hydrated app keeps. */
async function expectGermanHome(page: Page) {
  await expect(page.getByPlaceholder('Welche Stelle suchen Sie?')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^\d+ Stellen$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suchen' })).toBeVisible();
}

async function firstJobPath(page: Page): Promise<string> {
  const href = await page.locator('article h3 a').first().getAttribute('href');
  if (!href) throw new Error('the home page lists no job');
  return href;
}

test.describe('languages', () => {
  test.describe('a German browser', () => {
    test.use({ locale: 'de-DE', extraHTTPHeaders: { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.5' } });

    test('gets the home page in German from the server, and after hydration, with no flash of English', async ({
      page,
      request,
    }) => {
      const html = await (await request.get('/')).text();
      expect(html).toMatch(/<html lang="de" dir="ltr">/);
      expect(html).toContain('placeholder="Welche Stelle suchen Sie?"');
      expect(html).not.toContain('placeholder="What position are you looking for?"');

      const errors = collectErrors(page);
      // Every text the page shows from the first paint on, watched in the page itself: English never appears.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { englishSeen: string[] }).englishSeen = seen;
        new MutationObserver(() => {
          const box = document.querySelector<HTMLInputElement>('#job-search');
          if (box?.placeholder === 'What position are you looking for?') seen.push(box.placeholder);
        }).observe(document, { subtree: true, childList: true, attributes: true });
      });
      await page.goto('/');
      await expectGermanHome(page);
      await page.waitForLoadState('networkidle');
      await expectGermanHome(page);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      expect(await page.evaluate(() => (window as unknown as { englishSeen: string[] }).englishSeen)).toEqual([]);
      expect(errors).toEqual([]);

      await page.goto(await firstJobPath(page));
      await expect(page.getByRole('heading', { name: 'Stellenbeschreibung' })).toBeVisible();
      await shootScreens(page, 'job-de');
      await page.goto('/');
      await expectGermanHome(page);
      await shootScreens(page, 'home-de');
      expect(errors).toEqual([]);
    });

    test('the shared helper follows a German reader’s confirmation link (the confirmation read by its test id)', async ({
      page,
    }) => {
      const handle = `confirm-de-${uniqueSuffix()}`;
      const email = `${handle}@example.com`;
      const data = { name: 'Lesende Person', username: handle, email, password: SEEKER_PASSWORD };
      expect((await page.request.post('/api/auth/signup', { data })).ok()).toBe(true);
      await confirmEmailFromOutbox(page, email);
      await expect(page.getByRole('heading', { level: 1, name: 'E-Mail-Adresse bestätigt' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    });
  });

  test('choosing العربية turns the page right to left, and the server writes the next page in Arabic', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('button', { name: 'بحث' })).toBeVisible();
    expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('ar');

    const jobPath = await firstJobPath(page);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByPlaceholder('ما الوظيفة التي تبحث عنها؟')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await shootScreens(page, 'home-ar');
    await page.goto(jobPath);
    await expect(page.getByRole('heading', { name: 'وصف الوظيفة' })).toBeVisible();
    await shootScreens(page, 'job-ar');

    // Back to English: the menu names it in itself.
    await page.getByRole('combobox', { name: 'اللغة', exact: true }).selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { name: 'Job description' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a screen with a catalogue of its own comes in the page’s language, and follows the language menu', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/');
    await page.context().addCookies([{ name: 'lang', value: 'de', url: page.url() }]);
    await signUpAs(page, 'Language Reader', `lang-${uniqueSuffix()}`);
    await page.goto('/saved-jobs');
    await expect(page.getByRole('heading', { level: 1, name: 'Ihre gemerkten Stellen' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('ar');
    await expect(page.getByRole('heading', { level: 1, name: 'وظائفك المحفوظة' })).toBeVisible();
    await page.getByRole('combobox', { name: 'اللغة', exact: true }).selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Saved Jobs' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
