import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { CAROL, DEMO_PASSWORD, uniqueSuffix } from './fixtures';

/**
 * Company identity (issue 33 item 9, issue 29): a logo that fails to load shows the company's initials, never the
 * browser's broken-image glyph, with or without JavaScript.
 */

interface Posted {
  id: string;
  title: string;
  slug: string;
}

/** A job of a new company whose logo address answers 404 (as a logo deleted from its host would). */
async function jobWithMissingLogo(request: APIRequestContext): Promise<Posted> {
  expect((await request.post('/api/auth/signin', { data: { email: CAROL, password: DEMO_PASSWORD } })).ok()).toBe(true);
  const suffix = uniqueSuffix();
  const title = `Lost Logo ${suffix}`;
  const posted = await request.post('/api/job/post-job', {
    data: {
      jobTitle: title,
      companyName: `Lost Logo Labs ${suffix}`,
      companyLogo: `/static/logos/missing-${suffix}.svg`,
      jobLocation: 'London',
      employmentType: 'Full-time',
      experienceLevel: 'Any Experience',
      salaryType: 'Yearly',
      minPrice: '$20k',
      maxPrice: '$120k',
      description: 'A job whose company logo is gone.',
      skills: [{ value: 'React', label: 'React' }],
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const id = ((await posted.json()) as { insertedId: string }).insertedId;
  const job = (await (await request.get(`/api/job/all-jobs/${id}`)).json()) as { company: { slug: string } };
  return { id, title, slug: job.company.slug };
}

/** The share of a logo's pixels in the initials' light teal (teal-50): a broken image glyph on white has none. */
async function initialsShare(logo: Locator): Promise<number> {
  const { data, info } = await sharp(await logo.screenshot())
    .raw()
    .toBuffer({ resolveWithObject: true });
  let teal = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
    // teal-50 is about rgb(240, 253, 250): greener and bluer than it is red, unlike white or the glyph's greys.
    if (g - r >= 6 && b - r >= 4 && r > 200) teal += 1;
  }
  return teal / (info.width * info.height);
}

/** Every logo of the page's main content whose file failed: shown as initials (most of its box in teal-50). */
async function expectNoBrokenLogo(page: Page, logos: Locator): Promise<void> {
  await expect(logos.first()).toBeVisible();
  const count = await logos.count();
  for (let i = 0; i < count; i += 1) {
    const logo = logos.nth(i);
    if (!(await logo.isVisible())) continue;
    expect(await initialsShare(logo), `logo ${i} of ${page.url()} shows its initials`).toBeGreaterThan(0.5);
  }
}

const LOGO = '[data-testid="company-logo"]';

test.describe('a logo that fails to load', () => {
  test('shows the initials without JavaScript on the home page, a job page and a company page', async ({
    browser,
    request,
  }) => {
    const job = await jobWithMissingLogo(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/?q=${encodeURIComponent(job.title)}`);
    await expectNoBrokenLogo(page, page.locator(`#results article ${LOGO}`));
    await page.goto(`/job/${job.id}`);
    await expectNoBrokenLogo(page, page.locator(`main ${LOGO}`));
    await page.goto(`/company/${job.slug}`);
    await expectNoBrokenLogo(page, page.locator(`main ${LOGO}`));
    await context.close();
  });

  test('shows the initials when it fails before the app has started', async ({ page, request }) => {
    const job = await jobWithMissingLogo(request);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/job/${job.id}`, { waitUntil: 'commit' });
    const logo = page.locator(`main ${LOGO}`).first();
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).complete)).toBe(true);
    await expectNoBrokenLogo(page, page.locator(`main ${LOGO}`));
    release();
    await expect(page.getByTestId('logo-initials').first()).toBeVisible();
    await expectNoBrokenLogo(page, page.locator(`main ${LOGO}, main [data-testid="logo-initials"]`));
  });
});
