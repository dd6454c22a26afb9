import { expect, test, type Locator, type Page } from '@playwright/test';

/** The number shown beside a sidebar option (part of the radio's accessible name: 'Madrid 15'). */
async function facetCount(radio: Locator): Promise<number> {
  const name = (await radio.evaluate((input) => input.closest('label')?.textContent ?? '')).trim();
  const match = /(\d+)$/.exec(name);
  if (!match?.[1]) throw new Error(`no count beside "${name}"`);
  return Number(match[1]);
}

async function shownTotal(page: Page): Promise<number> {
  const heading = page.getByRole('heading', { name: /^\d+ Jobs$/ });
  await expect(heading).toBeVisible();
  return Number((await heading.textContent())?.replace(/\D/g, ''));
}

test('facet counts predict the results; filters live in the URL through reload, back and a shared link', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const all = await shownTotal(page);

  const madrid = filters.getByRole('radio', { name: /^Madrid/ });
  const madridCount = await facetCount(madrid);
  await madrid.click();
  await expect(page).toHaveURL(/location=madrid/);
  await expect(page.getByRole('heading', { name: `${madridCount} Jobs` })).toBeVisible();

  const fullTime = filters.getByRole('radio', { name: /^Full-time/ });
  // The count beside Full-time now applies the Madrid filter too.
  await expect.poll(() => facetCount(fullTime)).toBeLessThanOrEqual(madridCount);
  const bothCount = await facetCount(fullTime);
  await fullTime.click();
  await expect(page).toHaveURL(/location=madrid.*employment=full-time|employment=full-time.*location=madrid/);
  await expect(page.getByRole('heading', { name: `${bothCount} Jobs` })).toBeVisible();
  const url = page.url();

  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(filters.getByRole('radio', { name: /^Madrid/ })).toBeChecked();
  await expect(filters.getByRole('radio', { name: /^Full-time/ })).toBeChecked();
  await expect(page.getByRole('heading', { name: `${bothCount} Jobs` })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/location=madrid/);
  await expect(page).not.toHaveURL(/employment=/);
  await expect(page.getByRole('heading', { name: `${madridCount} Jobs` })).toBeVisible();
  await page.goBack();
  await expect(page).not.toHaveURL(/location=/);
  await expect(page.getByRole('heading', { name: `${all} Jobs` })).toBeVisible();

  // A shared link opens the same search in a fresh browser.
  const other = await browser.newPage();
  await other.goto(url);
  await expect(other.getByRole('heading', { name: `${bothCount} Jobs` })).toBeVisible();
  await expect(
    other.getByRole('complementary', { name: 'Filters' }).getByRole('radio', { name: /^Madrid/ }),
  ).toBeChecked();
  await other.close();
});
