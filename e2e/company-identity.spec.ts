import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { BOB, CAROL, DEMO_PASSWORD, fillJobForm, mailFromOutbox, signInFast, uniqueSuffix } from './fixtures';

/**
 * Company identity (issue 33 item 9, issue 29): a logo that fails to load shows the company's initials, never the
 * browser's broken-image glyph, with or without JavaScript.
 */

/** Carol's jobs made here, deleted after the file: a missing or uploaded logo on the home page would change what
 * later specs see there (a 404 in the console, an image where they route logos away). */
const madeJobs: string[] = [];

test.afterAll(async ({ playwright, baseURL }) => {
  const carol = await playwright.request.newContext({ baseURL: baseURL ?? '' });
  expect((await carol.post('/api/auth/signin', { data: { email: CAROL, password: DEMO_PASSWORD } })).ok()).toBe(true);
  for (const id of madeJobs) expect((await carol.delete(`/api/job/delete/${id}`)).status()).toBe(200);
  await carol.dispose();
});

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
  madeJobs.push(id);
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

/** A PNG logo as a file chooser gets it: a wide teal mark on a transparent background. */
async function logoFile(name: string) {
  const buffer = await sharp({ create: { width: 300, height: 120, channels: 4, background: '#0f766e' } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** The logo beside `locator`'s field loaded from our uploads (not a broken image, not initials). */
async function expectUploadedLogo(img: Locator): Promise<string> {
  await expect(img).toHaveAttribute('src', /^\/uploads\/.+\.webp$/);
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  return (await img.getAttribute('src')) ?? '';
}

test('a logo is uploaded on Post a Job for a new company, then replaced and removed on the company page', async ({
  page,
}) => {
  await signInFast(page, CAROL);
  await page.goto('/post-job');
  const title = `Logo Upload ${uniqueSuffix()}`;
  await fillJobForm(page, title);
  await page.getByLabel('Company', { exact: true }).selectOption({ label: 'New company...' });
  const company = `Uploaded Logo Co ${uniqueSuffix()}`;
  await page.getByLabel('Company Name').fill(company);
  await page.getByLabel('Company Logo').fill('');
  await page.getByTestId('companyLogo-file').setInputFiles(await logoFile('brand.png'));
  await expect(page.getByTestId('companyLogo-upload-status')).toHaveText('Logo uploaded');
  await expect(page.getByLabel('Company Logo')).toHaveValue(/^\/uploads\//);
  const uploaded = await expectUploadedLogo(page.getByTestId('new-company').getByTestId('company-logo'));
  await page.getByRole('button', { name: 'Create Job' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Job Created Successfully');
  await dialog.getByRole('link', { name: 'View the job' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  madeJobs.push(page.url().split('/job/')[1] ?? '');
  expect(await expectUploadedLogo(page.locator(`main ${LOGO}`))).toBe(uploaded);

  await page.getByRole('link', { name: company }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await page.getByRole('button', { name: 'Edit company' }).click();
  await page.getByTestId('company-logo-file').setInputFiles(await logoFile('brand-2024.png'));
  await expect(page.getByTestId('company-logo-upload-status')).toHaveText('Logo uploaded');
  await page.getByRole('button', { name: 'Save company' }).click();
  // Saved: the form closes once the server answers (while it waits, the button reads "Saving...").
  await expect(page.getByRole('button', { name: 'Edit company' })).toBeVisible();
  const replaced = await expectUploadedLogo(page.locator(`main ${LOGO}`).first());
  expect(replaced).not.toBe(uploaded);

  await page.getByRole('button', { name: 'Edit company' }).click();
  await page.getByRole('button', { name: 'Remove logo' }).click();
  await page.getByRole('button', { name: 'Save company' }).click();
  await expect(page.getByRole('button', { name: 'Edit company' })).toBeVisible();
  await expect(page.locator(`main ${LOGO}`)).toHaveCount(0);
  await expect(page.getByRole('img', { name: `${company} logo` })).toHaveText(/^UL$/);
});

test('a draft is saved, listed in My Jobs, previewed, resumed and published, and its alert goes out', async ({
  page,
  browser,
}) => {
  const word = `drafty${uniqueSuffix().replace(/\W/g, '')}`;
  const title = `Drafted ${word} engineer`;
  // Bob follows the word: publishing the draft is the normal posting, so his alert mails it.
  const bob = await browser.newContext();
  expect((await bob.request.post('/api/auth/signin', { data: { email: BOB, password: DEMO_PASSWORD } })).ok()).toBe(
    true,
  );
  const alert = await bob.request.post('/api/alerts', { data: { query: `q=${word}`, frequency: 'instant' } });
  expect(alert.status(), await alert.text()).toBe(201);

  await signInFast(page, CAROL);
  await page.goto('/post-job');
  await page.getByLabel('Job Title').fill(title);
  await page.getByLabel('City').fill('London');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByTestId('draft-status')).toContainText('Draft saved');
  await expect(page).toHaveURL(/\/post-job\?draft=[0-9a-f-]{36}$/);
  // Not a job: search does not find it.
  const found = await page.request.get(`/api/job/search?q=${word}`);
  expect(((await found.json()) as { total: number }).total).toBe(0);

  await page.goto('/my-job');
  const drafts = page.getByRole('list', { name: 'Drafts' });
  await expect(drafts.getByRole('listitem')).toContainText(title);
  await drafts.getByRole('button', { name: `Preview ${title}` }).click();
  const preview = page.getByRole('dialog', { name: /Preview/ });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await preview.getByRole('button', { name: 'Close' }).click();
  await drafts.getByRole('link', { name: `Resume ${title}` }).click();
  await expect(page.getByLabel('Job Title')).toHaveValue(title);
  await expect(page.getByLabel('City')).toHaveValue('London');

  await fillJobForm(page, title);
  await page.getByRole('button', { name: 'Create Job' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Job Created Successfully');
  await dialog.getByRole('link', { name: 'Go to My Jobs' }).click();
  const published = page.getByRole('link', { name: title, exact: true });
  await expect(published).toBeVisible();
  madeJobs.push((await published.getAttribute('href'))?.split('/job/')[1] ?? '');
  await expect(page.getByRole('list', { name: 'Drafts' }).getByText(title)).toHaveCount(0);
  await expect.poll(async () => (await mailFromOutbox(BOB, /./)).body, { timeout: 20_000 }).toContain(word);
  await bob.close();
});

test('a company page shows its cover, its about text with its links and formatting, and its links, without JavaScript', async ({
  browser,
  page,
}) => {
  await signInFast(page, CAROL);
  const made = await page.request.post('/api/companies', { data: { name: `Dressed Co ${uniqueSuffix()}` } });
  expect(made.status(), await made.text()).toBe(201);
  const { slug } = (await made.json()) as { slug: string };
  const cover = await page.request.post('/api/upload/cover', {
    multipart: { file: await logoFile('office.png') },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(cover.status(), await cover.text()).toBe(201);
  const saved = await page.request.patch(`/api/companies/${slug}`, {
    data: {
      cover: ((await cover.json()) as { url: string }).url,
      description: 'We build **boats**.\n\n- Apply at https://boats.example/jobs',
      links: ['https://boats.example/careers'],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const bare = await context.newPage();
  await bare.goto(`/company/${slug}`);
  const banner = bare.getByTestId('company-cover');
  await expect(banner).toHaveAttribute('src', /^\/uploads\/.+\.webp$/);
  await expect.poll(() => banner.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1200);
  const about = bare.getByTestId('company-about');
  await expect(about.locator('strong')).toHaveText('boats');
  await expect(about.getByRole('link', { name: 'https://boats.example/jobs' })).toHaveAttribute('rel', /nofollow/);
  await expect(bare.getByRole('list', { name: 'Links', exact: true }).getByRole('link')).toHaveAttribute(
    'href',
    'https://boats.example/careers',
  );
  await context.close();
});
