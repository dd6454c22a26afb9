import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { BOB, CAROL, DEMO_PASSWORD, setTheme, signInFast, uniqueSuffix } from './fixtures';

/*
 * Issue 29 (trust on day one), helper b: descriptions with links and lists, visitors' header, the site without
 * JavaScript, and the small things (the hero's placeholder, the apply dialog's e-mail) at 1280 and 390 px.
 */

const SHOTS = '/tmp/shots-b';

/** A fresh open job of Carol's with a Markdown description, posted through the API in a context of its own. */
async function carolsJob(browser: Browser, title: string, description: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInFast(page, CAROL, DEMO_PASSWORD);
  const posted = await page.request.post('/api/job/post-job', {
    data: {
      jobTitle: title,
      companyName: 'E2E Widgets',
      companyLogo: '/static/logos/tidewater.svg',
      jobLocation: 'London',
      employmentType: 'Full-time',
      experienceLevel: 'Any Experience',
      salaryType: 'Yearly',
      minPrice: '$20k',
      maxPrice: '$120k',
      description,
      skills: [{ value: 'React', label: 'React' }],
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { insertedId } = (await posted.json()) as { insertedId: string };
  await context.close();
  return insertedId;
}

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const dark of [false, true]) {
    await setTheme(page, dark);
    await page.screenshot({
      path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}-${dark ? 'dark' : 'light'}.png`,
      fullPage: true,
    });
  }
  await setTheme(page, false);
}

test('a description in Markdown: its list, emphasis and link on the job page; a script link stays text', async ({
  browser,
  page,
}) => {
  const title = `Markdown Job ${uniqueSuffix()}`;
  const id = await carolsJob(
    browser,
    title,
    '## About us\n\nWe build **widgets** for *everyone*.\n\n- Apply at https://example.com/apply\n- Read [our story](https://example.com/story)\n\n[click me](javascript:alert(1)) <b>not bold</b>',
  );
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/job/${id}`);
    const description = page.getByTestId('job-description');
    await expect(description.getByRole('link', { name: 'https://example.com/apply' })).toHaveAttribute(
      'rel',
      'nofollow ugc noopener',
    );
    await expect(description.getByRole('link', { name: 'our story' })).toHaveAttribute(
      'href',
      'https://example.com/story',
    );
    await expect(description.locator('ul > li')).toHaveCount(2);
    await expect(description.locator('strong', { hasText: 'widgets' })).toBeVisible();
    await expect(description.getByText('click me')).toBeVisible();
    await expect(description.locator('a', { hasText: 'click me' })).toHaveCount(0);
    await expect(description).toContainText('<b>not bold</b>');
    // One date style: "Posted on" as the closing date.
    await expect(page.getByText('Posted on').locator('..').locator('..')).not.toContainText(/\d{4}-\d{2}-\d{2}/);
    await shoot(page, 'job-markdown');
  }
});

test('a visitor sees which links need an account; the footer shows the configured social links only', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/about');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'My Jobs' })).toHaveAccessibleDescription('Sign in to see your jobs');
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-describedby');
  await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  // scripts/e2e-server.mjs sets SOCIAL_GITHUB_URL and SOCIAL_LINKEDIN_URL, not SOCIAL_X_URL.
  const social = page.getByRole('list', { name: 'Social links' });
  await expect(social.getByRole('link', { name: 'Jobboard on GitHub' })).toHaveAttribute(
    'href',
    'https://github.com/jobboard-e2e',
  );
  await expect(social.getByRole('link', { name: 'Jobboard on LinkedIn' })).toHaveAttribute(
    'href',
    'https://www.linkedin.com/company/jobboard-e2e',
  );
  await expect(social.getByRole('link', { name: 'Jobboard on X' })).toHaveCount(0);
  await shoot(page, 'visitor-header');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Alerts' }),
  ).toHaveAccessibleDescription('Sign in to see your job alerts');
  await shoot(page, 'visitor-menu');
});

test("the hero's placeholder fits its box at 1280 and 390 px", async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const box = page.getByRole('combobox', { name: /What/ });
    await expect(box).toBeVisible();
    // The placeholder's width in the box's placeholder font, against the room inside its padding.
    const { text, room } = await box.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input, '::placeholder');
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const own = getComputedStyle(input);
      return {
        text: context.measureText(input.placeholder).width,
        room: input.clientWidth - parseFloat(own.paddingLeft) - parseFloat(own.paddingRight),
      };
    });
    expect(text, `placeholder at ${width} px`).toBeLessThanOrEqual(room);
    await shoot(page, 'hero');
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the hero search lands on a working results address; sign-in says JavaScript is needed', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#noscript-message')).toHaveCount(0);
    await page.getByRole('combobox', { name: /What/ }).fill('engineer');
    await page.getByRole('combobox', { name: /Where/ }).fill('London');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/\?q=engineer&where=London$/);
    await expect(page.getByRole('heading', { name: /Jobs?$/ }).first()).toBeVisible();
    await page.goto('/sign-in');
    await expect(page.locator('#noscript-message')).toContainText('This page needs JavaScript');
    // Drawn by the app's stylesheet: the pages' policy allows no inline style.
    await expect(page.locator('#noscript-message')).toHaveCSS('border-top-width', '1px');
  });
});

test('the apply dialog at 390 px keeps the e-mail address in whole words', async ({ browser, page }) => {
  const id = await carolsJob(browser, `Apply Width ${uniqueSuffix()}`, 'A job to apply to.');
  await page.setViewportSize({ width: 390, height: 800 });
  await signInFast(page, BOB, DEMO_PASSWORD);
  await page.goto(`/job/${id}`);
  for (const dark of [false, true]) {
    await setTheme(page, dark);
    await page.getByRole('button', { name: 'Apply Now' }).click();
    const email = page.getByTestId('apply-email');
    await expect(email).toHaveText(BOB);
    // One line: "bob@example.com" fits, so nothing breaks it (break-all broke such an address mid-word).
    const height = await email.evaluate((el) => el.getBoundingClientRect().height);
    const lineHeight = await email.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(height).toBeLessThan(lineHeight * 1.5);
    // A longer address breaks only where a whole word ends (after the "@", a <wbr>), never inside one.
    expect(await email.evaluate((el) => getComputedStyle(el).wordBreak)).not.toBe('break-all');
    expect(await email.evaluate((el) => getComputedStyle(el).overflowWrap)).toBe('break-word');
    await expect(email.locator('wbr')).toHaveCount(1);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/apply-dialog-390-${dark ? 'dark' : 'light'}.png` });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  }
});

test('signed in: the footer offers no Sign Up, the header no locks', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInFast(page, BOB, DEMO_PASSWORD);
  await expect(page.locator('footer').getByRole('link', { name: 'Sign Up' })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Jobs' }),
  ).not.toHaveAttribute('aria-describedby');
  await shoot(page, 'member-footer');
});
