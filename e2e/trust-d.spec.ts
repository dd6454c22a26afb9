import { expect, test } from '@playwright/test';
import { BOB, CAROL, closeDialog, fillJobForm, signInFast, uniqueSuffix } from './fixtures';

/*
 * Issue 29 (trust on day one), the poster's side: Post a Job previews the job and leads on to it; on their own job
 * the poster gets Edit and View applicants (and their visit is no view); My Jobs chooses its rows and leads to the
 * company's page, named in the title and the breadcrumb.
 */

test('Post a Job: Preview, then the success message leads to the job, where the poster gets Edit and View applicants and is no view', async ({
  page,
}) => {
  const title = `Previewed Job ${uniqueSuffix()}`;
  await signInFast(page, CAROL);
  await page.goto('/post-job');
  await fillJobForm(page, title);

  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: /Preview/ });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview).toContainText('E2E Widgets');
  await expect(preview).toContainText('London, United Kingdom');
  await expect(preview).toContainText('Build and ship delightful features');
  await preview.getByRole('button', { name: 'Back to the form' }).click();
  await expect(preview).toBeHidden();
  await expect(page.getByLabel('Job Title')).toHaveValue(title);

  await page.getByRole('button', { name: 'Create Job' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Job Created Successfully');
  await expect(dialog.getByRole('link', { name: 'Go to My Jobs' })).toHaveAttribute('href', '/my-job');
  await dialog.getByRole('link', { name: 'View the job' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/job\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const jobId = page.url().split('/job/')[1] ?? '';

  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveAttribute('href', `/edit-job/${jobId}`);
  await expect(page.getByRole('link', { name: 'View applicants' })).toHaveAttribute('href', `/responses?job=${jobId}`);
  await expect(page.getByRole('button', { name: 'Apply Now' })).toHaveCount(0);
  // The page asked to count the view; the server did not count the poster.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/job/${jobId}/stats`)).json()) as { views: number }).views)
    .toBe(0);

  await page.getByRole('link', { name: 'View applicants' }).click();
  await expect(page).toHaveURL(`/responses?job=${jobId}`);
  await expect(page.getByLabel('Job', { exact: true })).toHaveValue(jobId);
});

test('My Jobs: rows per page with the total; My companies leads to the company page, named in the title and breadcrumb', async ({
  page,
}) => {
  await signInFast(page, CAROL);
  await page.goto('/my-job');
  const total = page.getByTestId('table-total');
  await expect(total).toHaveText(/^\d+ jobs?$/);
  const count = Number((await total.textContent())?.split(' ')[0]);
  await expect(page.locator('tbody tr')).toHaveCount(Math.min(count, 4));
  await page.getByLabel('Rows per page').selectOption('10');
  await expect(page).toHaveURL(/\/my-job\?pageSize=10$/);
  await expect(page.locator('tbody tr')).toHaveCount(Math.min(count, 10));

  await page.getByRole('list', { name: 'My companies' }).getByRole('link', { name: 'E2E Widgets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'E2E Widgets' })).toBeVisible();
  await expect(page).toHaveTitle('E2E Widgets | Jobboard');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('E2E Widgets');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).not.toContainText('Company');
});

test('at 390 px Apply Now stays at the bottom of the screen; it is gone once applied, and never there for the poster', async ({
  browser,
}) => {
  const carol = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const poster = await carol.newPage();
  await signInFast(poster, CAROL);
  const posted = await poster.request.post('/api/job/post-job', {
    data: {
      jobTitle: `Phone Apply ${uniqueSuffix()}`,
      companyName: 'E2E Widgets',
      companyLogo: '/static/logos/tidewater.svg',
      jobLocation: 'London',
      employmentType: 'Full-time',
      experienceLevel: 'Any Experience',
      salaryType: 'Yearly',
      minPrice: '$20k',
      maxPrice: '$120k',
      description: Array.from(
        { length: 40 },
        (_, i) => `Line ${i + 1} of a long description that fills a phone screen several times over.`,
      ).join('\n'),
      skills: [{ value: 'React', label: 'React' }],
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { insertedId } = (await posted.json()) as { insertedId: string };
  await poster.goto(`/job/${insertedId}`);
  await expect(poster.getByRole('link', { name: 'View applicants' })).toBeAttached();
  await expect(poster.getByTestId('mobile-apply-bar')).toHaveCount(0);
  await carol.close();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInFast(page, BOB);
  await page.goto(`/job/${insertedId}`);
  const bar = page.getByTestId('mobile-apply-bar');
  await expect(bar).toBeInViewport();
  const box = await bar.boundingBox();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(844);
  expect(box?.y ?? 0).toBeGreaterThan(700);
  await bar.getByRole('button', { name: 'Apply Now' }).click();
  await page
    .getByRole('dialog', { name: /^Apply to / })
    .getByRole('button', { name: 'Send application' })
    .click();
  await closeDialog(page, 'Applied Successfully');
  await expect(page.getByTestId('already-applied-note')).toBeAttached();
  await expect(bar).toHaveCount(0);
  await context.close();
});

test('a company page comes rendered from the server, titled with its name, and the browser takes it over without an error', async ({
  browser,
  page,
  request,
}) => {
  const search = (await (await request.get('/api/job/search')).json()) as {
    items: { company: { slug: string; name: string } }[];
  };
  const company = search.items.find((item) => item.company.slug)?.company;
  if (!company) throw new Error('demo data has no company');
  const html = await (await request.get(`/company/${company.slug}`)).text();
  expect(html).toContain(`<title>${company.name.replace(/&/g, '&amp;')} | Jobboard</title>`);

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto(`/company/${company.slug}`);
  await expect(bare.getByRole('heading', { level: 1 })).toHaveText(company.name);
  await noScript.close();

  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`/company/${company.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(company.name);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(company.name);
  await expect(page).toHaveTitle(`${company.name} | Jobboard`);
  expect(errors).toEqual([]);
});
