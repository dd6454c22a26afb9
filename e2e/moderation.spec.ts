import { expect, test, type Browser, type Page } from '@playwright/test';
import { BOB, expectNoAxeViolations, linkFromOutbox, setTheme, signInFast, uniqueSuffix } from './fixtures';

/**
 * Moderation (issue 14, point 4; decision record 20): a seeker reports a job, the administrator (Dan, ADMIN_EMAILS
 * of scripts/e2e-server.mjs) hides it from the queue with a reason, the job leaves search and its page is "Job not
 * found" for the seeker, its poster sees the reason; the administrator bans the poster, who can no longer sign in.
 */
const ADMIN = 'dan@example.com';
const SHOTS = process.env.SHOTS_DIR;

function jobData(title: string) {
  return {
    jobTitle: title,
    companyName: 'Moderation Test Co',
    companyLogo: '/static/logos/tidewater.svg',
    jobLocation: 'Berlin',
    employmentType: 'Full-time',
    experienceLevel: 'Any Experience',
    salaryType: 'Yearly',
    minPrice: '$40k',
    maxPrice: '$60k',
    description: 'Send a processing fee before your interview. This job exists for the moderation test.',
    skills: [{ value: 'JavaScript', label: 'JavaScript' }],
  };
}

/** A new account with a confirmed address (only those post), signed in on its own page, with one job posted. */
async function newPosterWithJob(
  browser: Browser,
  title: string,
): Promise<{ page: Page; email: string; password: string; jobId: string }> {
  const page = await (await browser.newContext()).newPage();
  const suffix = uniqueSuffix();
  const email = `mod-poster-${suffix}@example.com`;
  const password = 'a long moderation passphrase';
  const signUp = await page.request.post('/api/auth/signup', {
    data: { name: 'Mod Poster', username: `mod-${suffix}`, email, password },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const link = await linkFromOutbox(email, '/verify-email');
  const token = new URL(link, 'http://x').searchParams.get('token');
  expect((await page.request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);
  await signInFast(page, email, password);
  const posted = await page.request.post('/api/job/post-job', { data: jobData(title) });
  expect(posted.status(), await posted.text()).toBe(201);
  return { page, email, password, jobId: ((await posted.json()) as { insertedId: string }).insertedId };
}

async function newSignedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInFast(page, email);
  return page;
}

test('a report leads to a hidden job out of search, its reason shown to its poster, and a banned poster who cannot sign in', async ({
  browser,
}) => {
  // Three people, eight screens and two axe scans: 1.3 min alone and past 90 s in a full run on a 2-core machine.
  test.setTimeout(180_000);
  const word = `Fraudulent${uniqueSuffix()}`;
  const poster = await newPosterWithJob(browser, `${word} Assistant`);

  // The seeker applies to the job, then reports it from its page.
  const seeker = await newSignedInPage(browser, BOB);
  expect((await seeker.request.post('/api/apply/apply-job', { data: { job: poster.jobId } })).status()).toBe(201);
  await seeker.goto(`/job/${poster.jobId}`);
  const reportButton = seeker.getByRole('button', { name: 'Report job' });
  await expect(reportButton).toBeEnabled();
  await reportButton.click();
  const dialog = seeker.getByRole('dialog', { name: 'Report this job' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a reason');
  await dialog.getByLabel('Scam or fraud').check();
  await dialog.getByLabel(/Details/).fill('Asks for a processing fee.');
  await expectNoAxeViolations(seeker, 'report dialog');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  const sent = seeker.getByRole('dialog', { name: 'Report sent' });
  await expect(sent.getByRole('status')).toHaveText('Thank you. An administrator will review this job.');
  await sent.getByRole('button', { name: 'Done' }).click();

  // The administrator finds it in the queue and hides it with a reason.
  const admin = await newSignedInPage(browser, ADMIN);
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  const item = admin.getByTestId('queue-item').filter({ hasText: `${word} Assistant` });
  await expect(item).toContainText('1 report');
  await expect(item).toContainText('Scam or fraud (1)');
  await expect(item).toContainText('Asks for a processing fee.');
  await expectNoAxeViolations(admin, 'admin queue');
  await item.getByRole('button', { name: 'Hide' }).click();
  await item.getByLabel('Reason for hiding (the poster sees it)').fill('Asks applicants for money');
  await item.getByRole('button', { name: 'Hide job' }).click();
  await expect(admin.getByTestId('decision-outcome')).toHaveText(`Job hidden: ${word} Assistant`);
  await expect(item).toHaveCount(0);

  // Gone from search, and "Job not found" for the seeker.
  await seeker.goto(`/?q=${word}`);
  await expect(seeker.getByText(`${word} Assistant`)).toHaveCount(0);
  await seeker.goto(`/job/${poster.jobId}`);
  await expect(seeker.getByRole('heading', { name: 'Job not found' })).toBeVisible();
  // Still in the seeker's Applied Jobs, said to be no longer available, its title no longer a link.
  await seeker.goto('/jobs-applied');
  const appliedRow = seeker.getByRole('row').filter({ hasText: `${word} Assistant` });
  await expect(appliedRow.getByTestId('job-gone')).toHaveText('No longer available');
  await expect(appliedRow.getByRole('link', { name: `${word} Assistant` })).toHaveCount(0);

  // The poster sees the reason on the job page and in My Jobs.
  await poster.page.goto(`/job/${poster.jobId}`);
  const notice = poster.page.getByTestId('moderation-notice');
  await expect(notice).toContainText('Hidden by an administrator');
  await expect(notice).toContainText('Asks applicants for money');
  await expectNoAxeViolations(poster.page, 'hidden job seen by its poster');
  await poster.page.goto('/my-job');
  await expect(poster.page.getByTestId('moderation-badge').first()).toContainText('Asks applicants for money');

  // The administrator bans the poster (reason, then a confirmation).
  await admin.goto('/admin');
  // The hidden job left the queue; a second report of another of the poster's jobs brings the poster back in.
  const other = await poster.page.request.post('/api/job/post-job', { data: jobData(`${word} Courier`) });
  expect(other.status(), await other.text()).toBe(201);
  const otherId = ((await other.json()) as { insertedId: string }).insertedId;
  expect((await seeker.request.post(`/api/job/${otherId}/report`, { data: { reason: 'spam' } })).status()).toBe(201);
  await admin.reload();
  const second = admin.getByTestId('queue-item').filter({ hasText: `${word} Courier` });
  await second.getByRole('button', { name: 'Ban poster' }).click();
  await second.getByLabel(/Reason for banning/).fill('Posts scams');
  await second.getByRole('button', { name: 'Ban account' }).click();
  const confirm = admin.getByRole('dialog', { name: `Ban ${poster.email}?` });
  await confirm.getByRole('button', { name: 'Ban account' }).click();
  await expect(admin.getByTestId('decision-outcome')).toHaveText(`Account banned: ${poster.email}`);

  // The banned poster's session is gone, and the sign-in form says why.
  const banned = await (await browser.newContext()).newPage();
  await banned.goto('/sign-in');
  await banned.getByLabel('Email').fill(poster.email);
  await banned.getByLabel('Password', { exact: true }).fill(poster.password);
  await banned.getByRole('button', { name: 'Sign In' }).click();
  await expect(
    banned.getByText('This account has been suspended by the administrators and cannot sign in.'),
  ).toBeVisible();
  expect((await poster.page.request.get('/api/auth/me')).status()).toBe(401);
  await seeker.goto(`/?q=${word}`);
  await expect(seeker.getByText(`${word} Courier`)).toHaveCount(0);
});

test('an administrator hides a job, finds it under Hidden jobs, unhides it, and it is back in search', async ({
  browser,
}) => {
  const word = `Unhidden${uniqueSuffix()}`;
  const poster = await newPosterWithJob(browser, `${word} Analyst`);
  const admin = await newSignedInPage(browser, ADMIN);
  await admin.goto('/admin');
  // Hidden from the queue's card needs a report; the route is the same one the card calls.
  const hidden = await admin.request.post(`/api/admin/jobs/${poster.jobId}/hide`, {
    data: { reason: 'Looked like a scam' },
  });
  expect(hidden.status(), await hidden.text()).toBe(200);
  await admin.goto(`/?q=${word}`);
  await expect(admin.getByText('No Data Found !')).toBeVisible();

  await admin.goto('/admin');
  const list = admin.getByRole('region', { name: /Hidden jobs/ });
  const card = list.getByTestId('hidden-job').filter({ hasText: `${word} Analyst` });
  await expect(card).toContainText('“Looked like a scam”');
  await expectNoAxeViolations(admin, 'admin page with hidden jobs');
  await card.getByRole('button', { name: 'Unhide' }).click();
  await expect(admin.getByTestId('decision-outcome')).toHaveText(`Job approved: ${word} Analyst`);
  await expect(card).toHaveCount(0);

  await admin.goto(`/?q=${word}`);
  await expect(admin.getByRole('link', { name: `${word} Analyst` }).first()).toBeVisible();
});

test('the admin page tells others it is for administrators only', async ({ page }) => {
  await signInFast(page, BOB);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByText('Administrators only')).toBeVisible();
  await expectNoAxeViolations(page, 'admin page, not an administrator');
});

// Screenshots for review (SHOTS_DIR=/tmp/shots-b): the report dialog, the queue, a hidden job seen by its poster and
// in an applicant's Applied Jobs, and the home page's search box, light and dark, 1280 and 390 px wide.
test('screens: report dialog, queue, hidden job', async ({ browser }) => {
  test.skip(!SHOTS, 'SHOTS_DIR not set');
  test.setTimeout(300_000);
  const poster = await newPosterWithJob(browser, `Screenshot ${uniqueSuffix()} Analyst`);
  const seeker = await newSignedInPage(browser, BOB);
  const admin = await newSignedInPage(browser, ADMIN);
  expect((await seeker.request.post('/api/apply/apply-job', { data: { job: poster.jobId } })).status()).toBe(201);
  expect(
    (
      await seeker.request.post(`/api/job/${poster.jobId}/report`, {
        data: { reason: 'misleading', details: 'The pay is not what the interview said.' },
      })
    ).status(),
  ).toBe(201);
  for (const width of [1280, 390]) {
    for (const dark of [false, true]) {
      const name = `${width}-${dark ? 'dark' : 'light'}`;
      for (const page of [seeker, admin, poster.page])
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await seeker.goto(`/job/${poster.jobId}`);
      await setTheme(seeker, dark);
      await seeker.getByRole('button', { name: 'Report job' }).click();
      await seeker.getByRole('dialog', { name: 'Report this job' }).getByLabel('Scam or fraud').check();
      await seeker.screenshot({ path: `${SHOTS}/report-dialog-${name}.png` });
      await seeker.keyboard.press('Escape');
      await admin.goto('/admin');
      await setTheme(admin, dark);
      await expect(admin.getByTestId('queue-item').first()).toBeVisible();
      await admin.screenshot({ path: `${SHOTS}/admin-queue-${name}.png`, fullPage: true });
    }
  }
  expect(
    (await admin.request.post(`/api/admin/jobs/${poster.jobId}/hide`, { data: { reason: 'Misleading pay' } })).status(),
  ).toBe(200);
  for (const width of [1280, 390]) {
    for (const dark of [false, true]) {
      const name = `${width}-${dark ? 'dark' : 'light'}`;
      await poster.page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await poster.page.goto(`/job/${poster.jobId}`);
      await setTheme(poster.page, dark);
      await expect(poster.page.getByTestId('moderation-notice')).toBeVisible();
      await poster.page.screenshot({ path: `${SHOTS}/hidden-job-${name}.png` });
      await poster.page.goto('/my-job');
      await expect(poster.page.getByTestId('moderation-badge').first()).toBeVisible();
      await poster.page.screenshot({ path: `${SHOTS}/my-jobs-hidden-${name}.png` });
      await seeker.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await seeker.goto('/jobs-applied');
      await setTheme(seeker, dark);
      await expect(seeker.getByTestId('job-gone').first()).toBeVisible();
      await seeker.screenshot({ path: `${SHOTS}/applied-jobs-removed-${name}.png`, fullPage: true });
      // The search box's clear button (the browser's own) follows the theme (color-scheme).
      await seeker.goto('/?q=developer');
      await seeker.getByRole('combobox').first().hover();
      await seeker.screenshot({ path: `${SHOTS}/home-search-${name}.png` });
    }
  }
});
