import { MESSAGES } from '@jobboard/shared';
import { expect, test } from '@playwright/test';
import {
  closeDialog,
  confirmEmailFromOutbox,
  expectNoAxeViolations,
  fillJobForm,
  linkFromOutbox,
  signIn,
  uniqueSuffix,
} from './fixtures';

/**
 * The mailed links, end to end on the real server: the e2e server has no SMTP, so every message is an .eml file
 * in DATA_DIR/outbox (E2E_DATA_DIR, playwright.config.ts), read by linkFromOutbox.
 */
test.describe('accounts by mail', () => {
  test('sign up, the confirmation mail, its link; only then can jobs be posted', async ({ page }) => {
    // Four axe scans, a job form and two mails: past 60 s on a busy 2-core machine.
    test.setTimeout(120_000);
    const id = uniqueSuffix();
    const email = `confirm-${id}@example.com`;
    await page.goto('/sign-up');
    await page.getByLabel('Name', { exact: true }).fill('Vera Verify');
    await page.getByLabel('Username').fill(`vera-${id}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a-long-enough-password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/$/);

    // Not confirmed yet: the banner, Post a Job explains instead of a form, and the server refuses anyway.
    const banner = page.getByTestId('unverified-banner');
    await expect(banner).toContainText('Confirm your e-mail address to post jobs.');
    await expectNoAxeViolations(page, 'home with the unverified banner');
    await page.goto('/post-job');
    await expect(page.getByTestId('confirm-to-post')).toContainText(email);
    await expect(page.getByRole('button', { name: 'Create Job' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'post a job, unverified');
    const refused = await page.request.post('/api/job/post-job', {
      data: {
        jobTitle: 'Too early',
        companyName: 'X',
        companyLogo: '/static/logos/tidewater.svg',
        jobLocation: 'London',
        employmentType: 'Full-time',
        experienceLevel: 'Any Experience',
        salaryType: 'Yearly',
        minPrice: '$1k',
        maxPrice: '$2k',
        description: 'x',
        skills: [{ value: 'React', label: 'React' }],
      },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(MESSAGES.verifyEmailToPost);

    // The link from the mail confirms the address; the banner goes, and posting works.
    await confirmEmailFromOutbox(page, email);
    await expect(page.getByTestId('account-message')).toContainText(MESSAGES.emailVerified);
    await expectNoAxeViolations(page, 'e-mail confirmed');
    await page.getByRole('link', { name: 'Browse jobs' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#results article').first()).toBeVisible();
    await expect(banner).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Post a Job' }).click();
    await expect(page).toHaveURL(/\/post-job$/);
    const title = `Confirmed Engineer ${id}`;
    await fillJobForm(page, title);
    await page.getByRole('button', { name: 'Create Job' }).click();
    await closeDialog(page, MESSAGES.jobCreated);

    // The link works once.
    await page.goto(await linkFromOutbox(email, '/verify-email'));
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.linkInvalid);
    await expectNoAxeViolations(page, 'confirmation link used');
  });

  test('forgot password, the reset mail, a new password; the old one no longer works', async ({ page }) => {
    const id = uniqueSuffix();
    const email = `reset-${id}@example.com`;
    const signup = await page.request.post('/api/auth/signup', {
      data: { name: 'Rita Reset', username: `rita-${id}`, email, password: 'the-first-password' },
    });
    expect(signup.ok(), await signup.text()).toBe(true);

    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Forgot Password');
    await expectNoAxeViolations(page, 'forgot password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByTestId('account-message')).toHaveText(MESSAGES.resetSent);

    const link = await linkFromOutbox(email, '/reset-password');
    await page.goto(link);
    const password = page.getByLabel('New password', { exact: true });
    await password.fill('password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    // The sign-up rules: a common password is refused beside the field.
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(/too common/);
    await expectNoAxeViolations(page, 'reset password, refused');
    await password.fill('a-second-password-now');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByTestId('account-message')).toHaveText(MESSAGES.passwordReset);
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);

    const old = await page.request.post('/api/auth/signin', { data: { email, password: 'the-first-password' } });
    expect(old.status()).toBe(401);
    await signIn(page, email, 'a-second-password-now');

    // Used once: the same link now leads to a new one.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('a-third-password-here');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByTestId('auth-error')).toHaveText(MESSAGES.linkInvalid);
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});
