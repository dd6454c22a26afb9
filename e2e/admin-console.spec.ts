import { expect, test, type Page } from '@playwright/test';
import { BOB, expectNoAxeViolations, linkFromOutbox, signInFast, uniqueSuffix, shootScreens } from './fixtures';

/**
 * The administrators' console (issue 34): Dan (ADMIN_EMAILS of scripts/e2e-server.mjs) finds a job in Jobs, hides
 * and unhides it, finds its poster in Users, bans and unbans the account, each with a reason; the audit log shows
 * all four with their reasons. SHOTS_DIR: every console screen, light and dark, 1280 and 390 px.
 */
const ADMIN = 'dan@example.com';

const shoot = (page: Page, name: string) => shootScreens(page, `console-${name}`);

/** A new account with a confirmed address and one job, signed up through the API. */
async function posterWithJob(page: Page, title: string): Promise<{ email: string; jobId: string }> {
  const suffix = uniqueSuffix();
  const email = `${(title.split(' ')[0] ?? 'console').toLowerCase()}-${suffix}@example.com`;
  const password = 'a long console passphrase';
  const api = page.context().request;
  const signUp = await api.post('/api/auth/signup', {
    data: { name: `Console Poster ${suffix}`, username: `console-${suffix}`, email, password },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const token = new URL(await linkFromOutbox(email, '/verify-email'), 'http://x').searchParams.get('token');
  expect((await api.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);
  expect((await api.post('/api/auth/signin', { data: { email, password } })).status()).toBe(200);
  const posted = await api.post('/api/job/post-job', {
    data: {
      jobTitle: title,
      companyName: 'Console Test Co',
      companyLogo: '/static/logos/tidewater.svg',
      jobLocation: 'Berlin',
      employmentType: 'Full-time',
      experienceLevel: 'Any Experience',
      salaryType: 'Yearly',
      minPrice: '$40k',
      maxPrice: '$60k',
      description: 'A job that exists for the administrators’ console test.',
      skills: [{ value: 'JavaScript', label: 'JavaScript' }],
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  await api.post('/api/auth/signout');
  return { email, jobId: ((await posted.json()) as { insertedId: string }).insertedId };
}

async function act(page: Page, button: string, reason: string, submit: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).first().click();
  const panel = page.getByTestId('console-action');
  await panel.getByRole('textbox').fill(reason);
  await panel.getByRole('button', { name: submit }).click();
  await expect(panel).toHaveCount(0);
}

test('an administrator hides and unhides a job, bans and unbans its poster, and the audit log shows all four with reasons', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext()).newPage();
  const word = `Console${uniqueSuffix()}`;
  const poster = await posterWithJob(await (await browser.newContext()).newPage(), `${word} Designer`);
  await signInFast(page, ADMIN);

  // Jobs: find it, hide it, unhide it.
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Administration' });
  await expect(nav.getByRole('link', { name: 'Review queue' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Jobs' }).click();
  await page.getByLabel('Search').fill(word);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/jobs\\?q=${word}`));
  const row = page.getByTestId('console-job').filter({ hasText: `${word} Designer` });
  await expect(row).toContainText('Open');
  await expectNoAxeViolations(page, 'console jobs');
  await shoot(page, 'jobs');
  await act(page, 'Hide', 'Misleading pay', 'Hide job');
  await expect(page.getByTestId('console-outcome')).toHaveText('Job hidden');
  await expect(row).toContainText('Hidden');
  await expect(row).toContainText('Reason: Misleading pay');
  await act(page, 'Unhide', 'Pay corrected', 'Unhide job');
  await expect(page.getByTestId('console-outcome')).toHaveText('Job approved');
  await expect(row).toContainText('Open');

  // Users: find the poster, open the account, ban it, unban it.
  await nav.getByRole('link', { name: 'Users' }).click();
  await page.getByLabel('Search').fill(poster.email.toUpperCase());
  await page.getByRole('button', { name: 'Search' }).click();
  const user = page.getByTestId('console-user');
  await expect(user).toHaveCount(1);
  await expectNoAxeViolations(page, 'console users');
  await shoot(page, 'users');
  await user.getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Jobs', exact: true })).toContainText(`${word} Designer`);
  await act(page, 'Ban', 'Spam wave', 'Ban account');
  await expect(page.getByTestId('console-outcome')).toHaveText('Account banned');
  await expect(page.getByText(/Banned .*: Spam wave/)).toBeVisible();
  await expectNoAxeViolations(page, 'console user detail');
  await shoot(page, 'user');
  await act(page, 'Unban', 'Appeal accepted', 'Unban account');
  await expect(page.getByTestId('console-outcome')).toHaveText('Account unbanned');
  await expect(page.getByText(/Banned .*: Spam wave/)).toHaveCount(0);

  // The audit log of the account holds the two account decisions; filtered by the word the job's title and the
  // poster's address share (other specs decide at the same time), all four, newest first, each with its reason.
  await page.getByRole('link', { name: 'Decisions about this account' }).click();
  const entries = page.getByTestId('audit-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Account unbanned');
  await page.getByLabel('Job or account').fill(word);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(new RegExp(`target=${word}`));
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(0)).toContainText('Account unbanned');
  await expect(entries.nth(0)).toContainText('Appeal accepted');
  await expect(entries.nth(1)).toContainText('Account banned');
  await expect(entries.nth(1)).toContainText('Spam wave');
  await expect(entries.nth(2)).toContainText('Job approved');
  await expect(entries.nth(2)).toContainText('Pay corrected');
  await expect(entries.nth(3)).toContainText('Job hidden');
  await expect(entries.nth(3)).toContainText('Misleading pay');
  await expectNoAxeViolations(page, 'console audit log');
  await shoot(page, 'audit');

  // Reports: a new one is open, with its reason, details and reporter.
  const reported = await posterWithJob(await (await browser.newContext()).newPage(), `${word} Reported Role`);
  const report = await page.request.post(`/api/job/${reported.jobId}/report`, {
    data: { reason: 'misleading', details: 'The pay in the text differs from the pay shown.' },
  });
  expect(report.status(), await report.text()).toBe(201);
  await nav.getByRole('link', { name: 'Reports' }).click();
  const open = page.getByTestId('console-report').filter({ hasText: `${word} Reported Role` });
  await expect(open).toContainText('Misleading or wrong');
  await expect(open).toContainText(ADMIN);
  await expectNoAxeViolations(page, 'console reports');
  await shoot(page, 'reports');
});

test('the console is for administrators: anyone else is told so, a visitor is sent to sign in', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fadmin%2Fusers/);
  await signInFast(page, BOB);
  await page.goto('/admin/users');
  await expect(page.getByRole('status')).toContainText('Administrators only');
  await expect(page.getByRole('navigation', { name: 'Administration' })).toHaveCount(0);
  await shoot(page, 'not-admin');
});
