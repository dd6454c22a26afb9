import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ALICE, BOB, expectNoAxeViolations, setTheme, signInFast } from './fixtures';

// Issue 14, point 5: My Jobs, Applied Jobs and Responses are lists of cards under 600 px (no table, no sideways
// scrolling, 44 px buttons) and keep their page in the URL (Next writes ?page=2, a reload keeps it, Back returns).
// The demo data gives each list more than one page: Alice posted 30 jobs and received 9 applications, Bob applied
// to 7 jobs.

const PHONE = { width: 390, height: 844 };

interface List {
  name: string;
  path: string;
  who: string;
  label: string;
}

const LISTS: List[] = [
  { name: 'my-jobs', path: '/my-job', who: ALICE, label: 'Jobs you posted' },
  { name: 'responses', path: '/responses', who: ALICE, label: 'Applications to your jobs' },
  { name: 'applied-jobs', path: '/jobs-applied', who: BOB, label: 'Jobs you applied to' },
];

async function expectNoSidewaysScroll(page: Page, label: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label}: page width ${scrollWidth} in a ${innerWidth} px window`).toBeLessThanOrEqual(
    innerWidth,
  );
}

async function expectCards(page: Page, list: List) {
  const cards = page.getByRole('list', { name: list.label }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  await expect(page.locator('table')).toHaveCount(0);
  return cards;
}

for (const list of LISTS) {
  test(`${list.name} at 390 px: cards, no sideways scroll, 44 px buttons, axe clean; the page in the URL`, async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await signInFast(page, list.who);
    await page.goto(list.path);
    const cards = await expectCards(page, list);
    expect(await cards.count()).toBe(4);
    // Each card labels its values with the table's column names.
    await expect(cards.first().locator('dt').first()).toBeVisible();
    await expectNoSidewaysScroll(page, list.name);
    for (const dark of [false, true]) {
      await setTheme(page, dark);
      await expectNoAxeViolations(page, `${list.name} cards (${dark ? 'dark' : 'light'})`);
    }
    // The buttons and button-links inside the cards are 44 px targets.
    const targets = cards.locator('button, a[class*="rounded-lg"], select');
    const boxes = await targets.evaluateAll((elements) =>
      elements.map((e) => ({ text: e.textContent?.trim() ?? '', height: e.getBoundingClientRect().height })),
    );
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) expect(box.height, `"${box.text}" height`).toBeGreaterThanOrEqual(44);

    // Page 2 is in the URL, survives a reload, and Back returns to page 1.
    const firstCard = await cards.first().textContent();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`${list.path}\\?page=2$`));
    await expect(page.getByText(/^Page 2( of \d+)?$/)).toBeVisible();
    await expect(cards.first()).not.toHaveText(firstCard ?? '');
    const secondCard = await cards.first().textContent();
    await page.reload();
    await expect(page.getByText(/^Page 2( of \d+)?$/)).toBeVisible();
    await expect(cards.first()).toHaveText(secondCard ?? '');
    await expectNoSidewaysScroll(page, `${list.name} page 2`);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${list.path}$`));
    await expect(cards.first()).toHaveText(firstCard ?? '');

    // A page past the end shows the last one (the URL says which); junk is page 1; neither is an error.
    await page.goto(`${list.path}?page=999`);
    await expect(page).toHaveURL(new RegExp(`${list.path}\\?page=[1-9]\\d?$`));
    await expect(cards.first()).toBeVisible();
    await page.goto(`${list.path}?page=abc`);
    await expect(page).toHaveURL(new RegExp(`${list.path}$`));
    await expect(cards.first()).toHaveText(firstCard ?? '');
  });
}

test('the tables stay at 600 px and wider', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await signInFast(page, ALICE);
  for (const list of LISTS.filter((l) => l.who === ALICE)) {
    await page.goto(list.path);
    await expect(page.getByRole('table', { name: list.label })).toBeVisible();
    await expect(page.getByRole('list', { name: list.label })).toHaveCount(0);
  }
  // Crossing the breakpoint swaps the layout without a reload.
  await page.setViewportSize({ width: 599, height: 900 });
  await expect(page.getByRole('list', { name: 'Applications to your jobs' })).toBeVisible();
  await expect(page.locator('table')).toHaveCount(0);
});

test('Responses at 390 px: a card opens its notes inside it, the filters stay in the URL', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInFast(page, ALICE);
  await page.goto('/responses?stage=applied');
  const card = page.getByTestId('response-row').first();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /^Notes on / }).click();
  await expect(card.getByRole('list', { name: 'Notes' }).or(card.getByText('No notes yet'))).toBeVisible();
  await expect(card.getByLabel('Add a note')).toBeVisible();
  await expectNoSidewaysScroll(page, 'responses with notes open');
  await expectNoAxeViolations(page, 'responses card with notes open');
  await expect(page).toHaveURL(/\/responses\?stage=applied$/);
});

// Screenshots for a person to look at: the three lists with data, light and dark, 1280 and 390 wide.
const SHOTS = process.env.SHOTS_DIR ?? '.screenshots';
test('screenshots of the three lists, light and dark, 1280 and 390 wide', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  for (const list of LISTS) {
    await signInFast(page, list.who);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const dark of [false, true]) {
        await page.goto(list.path);
        await setTheme(page, dark);
        await expect(
          width === 390 ? page.getByRole('list', { name: list.label }) : page.getByRole('table', { name: list.label }),
        ).toBeVisible();
        await expect(
          page
            .getByTestId('job-stats')
            .first()
            .or(page.getByTestId('stage').first())
            .or(page.getByRole('combobox', { name: /^Stage of / }).first()),
        ).toBeVisible();
        await page.screenshot({
          path: `${SHOTS}/${list.name}-${dark ? 'dark' : 'light'}-${width}.png`,
          fullPage: true,
        });
      }
    }
  }
});
