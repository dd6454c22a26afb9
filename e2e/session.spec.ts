import { expect, test, type Page } from '@playwright/test';
import { ALICE, BOB, DEMO_PASSWORD, signInFast } from './fixtures';

async function signInOnForm(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('a session ended elsewhere sends the user to sign in, and back to the page after', async ({ page, browser }) => {
  await signInFast(page, ALICE);
  await page.goto('/');
  await expect(page.getByTestId('profile-link')).toBeVisible();
  // Signed out in another tab: the cookie is shared, the session is gone on the server.
  const other = await page.context().newPage();
  const out = await other.request.post('/api/auth/signout', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(out.ok()).toBe(true);
  await other.close();

  // This tab still believes it is signed in; the next call answers 401.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Jobs' }).click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fmy-job$/);
  await expect(page.locator('header').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByTestId('skeleton-row')).toHaveCount(0);

  await signInOnForm(page, ALICE);
  await expect(page).toHaveURL(/\/my-job$/);
  await expect(page.getByRole('link', { name: /^Edit / }).first()).toBeVisible();

  // A guarded page opened cold by a visitor comes back too.
  const visitor = await browser.newPage();
  await visitor.goto('/responses');
  await expect(visitor).toHaveURL(/\/sign-in\?next=%2Fresponses$/);
  await signInOnForm(visitor, ALICE);
  await expect(visitor).toHaveURL(/\/responses$/);
  await visitor.close();
});

test('"Sign in to apply" is a link to sign in that returns to the job', async ({ page }) => {
  const search = (await (await page.request.get('/api/job/search')).json()) as {
    items: { _id: string; postedBy: string }[];
  };
  const job = search.items.find((item) => item.postedBy !== BOB) ?? search.items[0];
  await page.goto(`/job/${job?._id ?? ''}`);
  await page.getByRole('button', { name: 'Apply Now' }).click();
  const link = page.getByRole('alert').getByRole('link', { name: 'Sign in to apply for jobs' });
  await link.click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fjob%2F/);
  await signInOnForm(page, BOB);
  await expect(page).toHaveURL(new RegExp(`/job/${job?._id ?? ''}$`));
  await expect(page.getByRole('button', { name: 'Apply Now' })).toBeVisible();
});

test('a signed-in user opening sign-in or sign-up goes home, or on to a safe next', async ({ page }) => {
  await signInFast(page, BOB);
  await page.goto('/sign-in');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/sign-up');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/sign-in?next=%2Fjobs-applied');
  await expect(page).toHaveURL(/\/jobs-applied$/);
  await page.goto('/sign-in?next=%2F%2Fevil.example');
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

test('the already-applied note is visible text, without hovering', async ({ page }) => {
  await signInFast(page, BOB);
  const applied = (await (await page.request.get('/api/auth/me')).json()) as { _id: string };
  const mine = (await (await page.request.get(`/api/apply/appliedJobs/${applied._id}`)).json()) as {
    job: string;
    jobStatus?: string;
  }[];
  // A job still open (other specs apply as Bob to jobs they then close or have hidden).
  const open = mine.find((application) => application.jobStatus === 'open');
  expect(open, "one of Bob's applications is to an open job").toBeDefined();
  await page.goto(`/job/${open?.job ?? ''}`);
  const button = page.getByRole('button', { name: 'Apply Now' });
  await expect(button).toBeDisabled();
  const note = page.getByTestId('already-applied-note');
  await expect(note).toHaveText("You've already applied to this job");
  await page.mouse.move(0, 0);
  await expect(note).toBeInViewport();
  expect(await note.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  await expect(button).toHaveAccessibleDescription("You've already applied to this job");
});

test('a page past the last one goes to the last page; a broken logo shows initials', async ({ page }) => {
  const first = (await (await page.request.get('/api/job/search')).json()) as { total: number };
  const last = Math.max(1, Math.ceil(first.total / 6));
  await page.goto('/?page=999');
  await expect(page).toHaveURL(new RegExp(`[?&]page=${last}$`));
  await expect(page.getByText(`Page ${last} of ${last}`)).toBeVisible();

  await page.route('**/static/logos/**', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/');
  await expect(page.locator('#results article').first()).toBeVisible();
  await expect(page.getByTestId('logo-initials').first()).toBeVisible();
  await expect(page.locator('#results article img')).toHaveCount(0);
});

test('a non-owner opening the edit form of a job sees that it is not theirs', async ({ page, request }) => {
  // One of Alice's jobs, asked as Alice (the request fixture keeps its own cookies).
  expect((await request.post('/api/auth/signin', { data: { email: ALICE, password: DEMO_PASSWORD } })).ok()).toBe(true);
  const alices = (await (await request.get(`/api/job/myJobs/${ALICE}`)).json()) as { _id: string }[];
  expect(alices.length).toBeGreaterThan(0);
  await signInFast(page, BOB);
  await page.goto(`/edit-job/${alices[0]?._id ?? ''}`);
  await expect(page.getByRole('alert')).toContainText('You can only edit jobs you posted.');
  await expect(page.getByLabel('Job Title')).toHaveCount(0);
});
