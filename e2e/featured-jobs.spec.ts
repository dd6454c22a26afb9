import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, signInFast, uniqueSuffix, shootScreens } from './fixtures';

/**
 * Featured jobs (issue 36): Dan (ADMIN_EMAILS of scripts/e2e-server.mjs) features a job from the console's Jobs
 * screen until a day; a search it matches shows it first, labelled "Featured", also without scripts; a search it
 * does not match does not. SHOTS_DIR: the results and the console's form, light and dark, 1280 and 390 px.
 */
const ADMIN = 'dan@example.com';

const shoot = (page: Page, name: string) => shootScreens(page, `featured-${name}`);

test('an administrator features a job: its searches show it first, labelled, and other searches do not', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext()).newPage();
  const word = `Orchard${uniqueSuffix()}`;
  await signInFast(page, ADMIN);
  const api = page.context().request;
  const ids: string[] = [];
  for (const title of [`${word} Keeper`, `${word} Picker`, `${word} Planter`]) {
    const posted = await api.post('/api/job/post-job', {
      data: {
        jobTitle: title,
        companyName: 'Orchard Test Co',
        companyLogo: '/static/logos/tidewater.svg',
        jobLocation: 'Berlin',
        employmentType: 'Full-time',
        experienceLevel: 'Any Experience',
        salaryType: 'Yearly',
        minPrice: '$40k',
        maxPrice: '$60k',
        description: 'A job that exists for the featured jobs test.',
        skills: [{ value: 'JavaScript', label: 'JavaScript' }],
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    ids.push(((await posted.json()) as { insertedId: string }).insertedId);
  }

  // The featured job would head every later spec's home page on this shared server: it stops being featured at the end.
  try {
    // The console: feature the oldest of the three (last in newest order) until a day, with a reason.
    await page.goto(`/admin/jobs?q=${encodeURIComponent(`${word} Keeper`)}`);
    const row = page.getByTestId('console-job').filter({ hasText: `${word} Keeper` });
    await row.getByRole('button', { name: 'Feature', exact: true }).click();
    const panel = page.getByTestId('console-action');
    await expect(panel.getByLabel('Featured until (the last day)')).toBeVisible();
    await panel.getByLabel('Reason', { exact: true }).fill('Launch week');
    await shoot(page, 'console-form');
    await panel.getByRole('button', { name: 'Feature job' }).click();
    await expect(page.getByTestId('console-outcome')).toHaveText('Job featured');
    await expect(row).toContainText('Featured until');

    // The search: the featured job first, labelled, once; the others after it.
    await page.goto(`/?q=${encodeURIComponent(word)}`);
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText(`${word} Keeper`);
    const label = (card: ReturnType<typeof cards.first>) => card.getByText('Featured', { exact: true });
    await expect(label(cards.first())).toBeVisible();
    await expect(label(cards.nth(1))).toHaveCount(0);
    await expectNoAxeViolations(page, 'search results with a featured job');
    await shoot(page, 'results');
    // A search it does not match never shows it.
    await page.goto(`/?q=${encodeURIComponent(`${word} Picker`)}`);
    await expect(page.locator('main article')).toHaveCount(1);
    await expect(page.locator('main article').first().getByText('Featured', { exact: true })).toHaveCount(0);

    // Without scripts, the server-rendered page shows it first too.
    const plain = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await plain.goto(`/?q=${encodeURIComponent(word)}`);
    await expect(plain.locator('main article').first().getByText('Featured', { exact: true })).toBeVisible();
    await expect(plain.locator('main article').first()).toContainText(`${word} Keeper`);
  } finally {
    const stopped = await api.delete(`/api/admin/jobs/${ids[0]}/featured`, { data: { reason: 'The test is over' } });
    expect(stopped.status(), await stopped.text()).toBe(200);
  }
});
