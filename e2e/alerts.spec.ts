import { expect, test, type Page } from '@playwright/test';
import {
  CAROL,
  DEMO_PASSWORD,
  confirmEmailFromOutbox,
  expectNoAxeViolations,
  linkFromOutbox,
  signInFast,
  uniqueSuffix,
} from './fixtures';

/*
 * Job alerts (issue 13, point 6): "Alert me" on a search, the Alerts page, deleting an alert, a visitor led to sign
 * in, and the unsubscribe page an alert e-mail links to (signed out; only its button unsubscribes). The e2e server
 * checks alerts every 2 s (scripts/e2e-server.mjs) and writes mail to its outbox. Each test has a person of its own.
 */

const PASSWORD = 'a long alerts passphrase';

/** A new account with a confirmed address (alerts go only to confirmed addresses), signed in. */
async function confirmedPerson(page: Page): Promise<string> {
  const n = uniqueSuffix();
  const email = `alerts-${n}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    data: { name: 'Ada Alerts', username: `alerts-${n}`, email, password: PASSWORD },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  await confirmEmailFromOutbox(page, email);
  await signInFast(page, email, PASSWORD);
  return email;
}

test.describe('job alerts', () => {
  test('create an alert from a search, see it under Alerts, run its search, delete it', async ({ page }) => {
    await confirmedPerson(page);
    await page.goto('/?q=engineer&where=remote');
    await page.getByRole('button', { name: 'Alert me' }).click();
    const dialog = page.getByRole('dialog', { name: 'Alert me about new jobs' });
    await expect(dialog).toContainText('engineer, remote');
    await dialog.getByRole('radio', { name: /Instant/ }).check();
    await expectNoAxeViolations(page, 'alert dialog');
    await dialog.getByRole('button', { name: 'Create alert' }).click();
    await expect(page.getByRole('dialog', { name: 'Alert saved' })).toContainText('we will e-mail you new jobs');
    await page.getByRole('link', { name: 'See your alerts' }).click();

    await expect(page).toHaveURL('/alerts');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Job Alerts' })).toBeVisible();
    const row = page.getByTestId('alert');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('engineer, remote');
    await expect(row).toContainText('Instant');
    await expect(row).toContainText('no e-mail yet');
    await expectNoAxeViolations(page, 'alerts page');
    await expect(row.getByRole('link', { name: 'Run search' })).toHaveAttribute('href', '/?q=engineer&where=remote');

    await row.getByRole('button', { name: 'Delete' }).click();
    // The confirmation is a dialog of its own (loaded on first use): wait for it rather than race it.
    await page
      .getByRole('dialog', { name: 'Delete this alert?' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(page.getByText('No alerts yet')).toBeVisible();
    await page.reload();
    await expect(page.getByText('No alerts yet')).toBeVisible();
  });

  test('a visitor choosing "Alert me" signs in and comes back to the same search', async ({ page }) => {
    await page.goto('/?q=designer');
    await page.getByRole('button', { name: 'Alert me' }).click();
    await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent('/?q=designer')}`);
  });

  test('the unsubscribe link of an alert e-mail works signed out, and only its button unsubscribes', async ({
    page,
    browser,
  }) => {
    const email = await confirmedPerson(page);
    const word = `zyx${uniqueSuffix().replace(/\W/g, '')}`;
    const created = await page.request.post('/api/alerts', { data: { query: `q=${word}`, frequency: 'instant' } });
    expect(created.status(), await created.text()).toBe(201);

    // Carol posts a matching job; the checker mails it.
    const carol = await browser.newContext();
    expect(
      (await carol.request.post('/api/auth/signin', { data: { email: CAROL, password: DEMO_PASSWORD } })).ok(),
    ).toBe(true);
    const posted = await carol.request.post('/api/job/post-job', {
      data: {
        jobTitle: `Alerted ${word} engineer`,
        companyName: 'E2E Widgets',
        companyLogo: '/static/logos/tidewater.svg',
        jobLocation: 'London',
        employmentType: 'Full-time',
        experienceLevel: 'Any Experience',
        salaryType: 'Yearly',
        minPrice: '$20k',
        maxPrice: '$120k',
        description: 'A job posted for the job alerts end-to-end test.',
        skills: [{ value: 'React', label: 'React' }],
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    await carol.close();
    const link = await linkFromOutbox(email, '/unsubscribe');

    // Signed out, in a browser of its own.
    const stranger = await browser.newContext();
    const visitor = await stranger.newPage();
    await visitor.goto(link);
    await expect(visitor.getByText(/Stop the instant e-mails about/)).toContainText(word);
    await expectNoAxeViolations(visitor, 'unsubscribe page');
    await visitor.reload();
    await expect(visitor.getByRole('button', { name: 'Unsubscribe' })).toBeVisible();
    expect(((await (await page.request.get('/api/alerts')).json()) as unknown[]).length).toBe(1);
    await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(visitor.getByTestId('unsubscribe-done')).toHaveText(
      'You are unsubscribed: this alert will send no more e-mails.',
    );
    await stranger.close();
    expect(await (await page.request.get('/api/alerts')).json()).toEqual([]);
  });
});
