import { expect, test, type Browser, type Page } from '@playwright/test';
import { CAROL, DEMO_PASSWORD, expectNoAxeViolations, signInFast, uniqueSuffix } from './fixtures';

/*
 * Saved jobs (issue 13, point 5): the bookmark on a card and on a job page, the Saved Jobs page with a closed job
 * marked, unsaving from the list; a visitor's bookmark leads to sign in and back. Each test signs up a person of
 * its own, so their saved list starts empty whatever ran before.
 */

const PASSWORD = 'a long saver passphrase';

async function signUpFresh(page: Page): Promise<string> {
  const n = uniqueSuffix();
  const email = `saver-${n}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    data: { name: 'Sam Saver', username: `saver-${n}`, email, password: PASSWORD },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  return email;
}

/** A job of Carol's (a demo poster), closed: it leaves search but stays on saved lists, marked. */
async function closedJob(browser: Browser): Promise<{ id: string; title: string }> {
  const context = await browser.newContext();
  const signin = await context.request.post('/api/auth/signin', { data: { email: CAROL, password: DEMO_PASSWORD } });
  expect(signin.ok(), await signin.text()).toBe(true);
  const title = `Closed Saver Job ${uniqueSuffix()}`;
  const posted = await context.request.post('/api/job/post-job', {
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
      description: 'A job that is saved and then closed by its employer, for the saved jobs end-to-end test.',
      skills: [{ value: 'React', label: 'React' }],
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { insertedId } = (await posted.json()) as { insertedId: string };
  const closed = await context.request.patch(`/api/job/update-job/${insertedId}`, { data: { status: 'closed' } });
  expect(closed.ok(), await closed.text()).toBe(true);
  await context.close();
  return { id: insertedId, title };
}

test.describe('saved jobs', () => {
  test("a visitor's bookmark leads to sign in and back to the same search, where it saves", async ({ page }) => {
    const email = await signUpFresh(page);
    await page.goto('/?q=engineer');
    const card = page.locator('#results article').first();
    await expect(card.getByRole('button', { name: 'Save job' })).toHaveAttribute('aria-pressed', 'false');
    await card.getByRole('button', { name: 'Save job' }).click();
    await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent('/?q=engineer')}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/?q=engineer');
    const first = page.locator('#results article').first();
    await first.getByRole('button', { name: 'Save job' }).click();
    await expect(first.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('save from a card and a job page, see them under Saved Jobs (the closed one marked), unsave', async ({
    page,
    browser,
  }) => {
    const closed = await closedJob(browser);
    const email = await signUpFresh(page);
    await signInFast(page, email, PASSWORD);

    // A card on the home page: the bookmark saves it, and the server keeps it across a reload.
    await page.goto('/');
    const card = page.locator('#results article').first();
    const title = (await card.locator('h3').innerText()).trim();
    await card.getByRole('button', { name: 'Save job' }).click();
    await expect(card.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.locator('#results article').first().getByRole('button', { name: 'Saved' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // The closed job, from its page.
    await page.goto(`/job/${closed.id}`);
    await expect(page.getByTestId('not-accepting')).toBeVisible();
    await page.getByRole('button', { name: 'Save job' }).click();
    await expect(page.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');

    // Saved Jobs, from the header: newest saved first; the closed one marked, with no way to apply.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Saved Jobs', exact: true }).click();
    await expect(page).toHaveURL('/saved-jobs');
    await expect(page.getByRole('heading', { name: 'Your Saved Jobs' })).toBeVisible();
    await expect(page.getByText('2 saved jobs')).toBeVisible();
    const saved = page.getByTestId('saved-job');
    await expect(saved).toHaveCount(2);
    await expect(saved.nth(0)).toContainText(closed.title);
    await expect(saved.nth(0).getByTestId('saved-job-status')).toHaveText('Closed');
    await expect(saved.nth(0)).toContainText('No longer accepting applications');
    await expect(saved.nth(0).getByRole('link', { name: 'View and apply' })).toHaveCount(0);
    await expect(saved.nth(1)).toContainText(title);
    await expect(saved.nth(1).getByRole('link', { name: 'View and apply' })).toBeVisible();
    await expectNoAxeViolations(page, 'saved jobs');

    // Unsave from the list, one after the other, down to the empty state.
    await saved.nth(1).getByRole('button', { name: 'Saved' }).click();
    await expect(saved).toHaveCount(1);
    await expect(saved.first()).toContainText(closed.title);
    await saved.first().getByRole('button', { name: 'Saved' }).click();
    await expect(page.getByText('No saved jobs yet')).toBeVisible();
    await expectNoAxeViolations(page, 'saved jobs, empty');

    // And the card is no longer saved.
    await page.goto('/');
    await expect(page.locator('#results article').first().getByRole('button', { name: 'Save job' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  test('Saved Jobs is for signed-in people: a visitor is sent to sign in, and back', async ({ page }) => {
    await page.goto('/saved-jobs?page=2');
    await expect(page).toHaveURL(`/sign-in?next=${encodeURIComponent('/saved-jobs?page=2')}`);
  });
});
