import { expect, test, type Browser } from '@playwright/test';
import { BOB, CAROL, closeDialog, DEMO_PASSWORD, fillJobForm, signIn, signInFast, uniqueSuffix } from './fixtures';

/*
 * Issue 29 (trust on day one), helper a: a double click publishes one job and saves one note; a tab whose account
 * another tab changed is told, and its submissions are refused instead of made as the other account; a session that
 * ends while applying keeps the cover note and comes back to it.
 */

const SIGNED_IN_ELSEWHERE = 'You are now signed in as another account in another tab. Reload to continue.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A fresh open job of Carol's, posted through the API in a context of its own: its id. */
async function carolsJob(browser: Browser, title: string): Promise<string> {
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
      description: 'A job of the trust tests: applied to from two tabs and after a session ends.',
      skills: [{ value: 'React', label: 'React' }],
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { insertedId } = (await posted.json()) as { insertedId: string };
  await context.close();
  return insertedId;
}

test('a double click on Create Job sends one request and creates one job', async ({ browser, page }) => {
  const title = `Double Click ${uniqueSuffix()}`;
  // Carol's company exists already (a job under it), so the form posts at once, without creating one first.
  await carolsJob(browser, `Company Maker ${uniqueSuffix()}`);
  await signInFast(page, CAROL);
  await page.goto('/post-job');
  await fillJobForm(page, title);
  const keys: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/job/post-job'))
      keys.push(request.headers()['idempotency-key'] ?? '');
  });
  // A double click at its fastest: both clicks arrive before the page has re-rendered the button disabled.
  await page.getByRole('button', { name: 'Create Job' }).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await closeDialog(page, 'Job Created Successfully');
  await page.waitForTimeout(500);
  const mine = (await (await page.request.get(`/api/job/myJobs/${CAROL}`)).json()) as { jobTitle: string }[];
  expect(mine.filter((job) => job.jobTitle === title)).toHaveLength(1);
  expect(keys).toHaveLength(1);
  expect(keys[0]).toMatch(UUID);
});

test('an apply made after another tab signed in as someone else is refused; the tabs learn of the change', async ({
  browser,
}) => {
  const jobId = await carolsJob(browser, `Two Tabs ${uniqueSuffix()}`);
  const context = await browser.newContext();
  const a = await context.newPage();
  await signInFast(a, BOB);
  await a.goto(`/job/${jobId}`);
  await a.getByRole('button', { name: 'Apply Now' }).click();
  const dialog = a.getByRole('dialog', { name: /^Apply to / });
  await expect(dialog).toContainText('Bob Okafor');
  await dialog.getByLabel(/^Cover note/).fill("Bob's own cover note");

  // Tab B of the same browser signs in as Dan: the shared cookie is now Dan's.
  const b = await context.newPage();
  const signedIn = await b.request.post('/api/auth/signin', {
    data: { email: 'dan@example.com', password: DEMO_PASSWORD },
  });
  expect(signedIn.status()).toBe(200);

  // Tab A still shows Bob: its application is refused, not sent as Dan with Bob's note.
  await dialog.getByRole('button', { name: 'Send application' }).click();
  await expect(a.getByRole('alert')).toHaveText(SIGNED_IN_ELSEWHERE);
  // ...and tab A now shows Dan, and says so.
  await expect(a.getByTestId('profile-link')).toHaveAccessibleName('Profile of Dan Eriksen');
  await expect(a.getByTestId('account-changed')).toHaveText(/You signed in as Dan Eriksen in another tab\./);
  const dans = (await (await b.request.get('/api/apply/appliedJobs')).json()) as { job: string }[];
  expect(dans.map((application) => application.job)).not.toContain(jobId);

  // Tab B signs out and in again as Bob through the app: tab A hears of both (BroadcastChannel).
  await b.goto('/profile');
  await b.getByRole('button', { name: 'Sign Out' }).click();
  await expect(b).toHaveURL(/\/sign-in$/);
  await expect(a).toHaveURL(/\/sign-in\?next=/);
  await signIn(b, BOB);
  await expect(a).toHaveURL(new RegExp(`/job/${jobId}$`));
  await expect(a.getByTestId('profile-link')).toHaveAccessibleName('Profile of Bob Okafor');
  await expect(a.getByTestId('account-changed')).toHaveText(/You signed in as Bob Okafor in another tab\./);
  await context.close();
});

test('a session that ends while applying keeps the cover note, says so, and returns to the dialog', async ({
  browser,
}) => {
  const jobId = await carolsJob(browser, `Expired Apply ${uniqueSuffix()}`);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInFast(page, BOB);
  await page.goto(`/job/${jobId}`);
  await page.getByRole('button', { name: 'Apply Now' }).click();
  const dialog = page.getByRole('dialog', { name: /^Apply to / });
  const note = 'I have shipped three job boards and would love to build this one.';
  await dialog.getByLabel(/^Cover note/).fill(note);

  await context.clearCookies({ name: 'jobboard_session' });
  await dialog.getByRole('button', { name: 'Send application' }).click();
  const ended = page.getByTestId('session-ended-apply');
  await expect(ended).toHaveText(
    'Your session ended. Sign in again to send your application: your cover note is kept.',
  );
  await expect(page).toHaveURL(new RegExp(`/job/${jobId}$`));
  await ended.click();
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await page.getByLabel('Email').fill(BOB);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();

  await expect(page).toHaveURL(new RegExp(`/job/${jobId}$`));
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/^Cover note/)).toHaveValue(note);
  await dialog.getByRole('button', { name: 'Send application' }).click();
  await closeDialog(page, 'Applied Successfully');
  await context.close();
});

test('a double click on Add note saves one note; its author edits and deletes it', async ({ browser, page }) => {
  const n = uniqueSuffix();
  const jobId = await carolsJob(browser, `Notes Job ${n}`);
  // Bob applies through the API; Carol opens the notes of his application.
  const bob = await browser.newContext();
  const bobPage = await bob.newPage();
  await signInFast(bobPage, BOB);
  expect((await bobPage.request.post('/api/apply/apply-job', { data: { job: jobId } })).status()).toBe(201);
  await bob.close();

  await signInFast(page, CAROL);
  await page.goto(`/responses?job=${jobId}`);
  const row = page.getByTestId('response-row').filter({ hasText: BOB });
  await row.getByRole('button', { name: /^Notes on / }).click();
  await page.getByLabel('Add a note').fill('Strong portfolio');
  await page.getByRole('button', { name: 'Add note' }).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  const notes = page.getByRole('list', { name: 'Notes' }).getByTestId('note');
  await expect(notes).toHaveCount(1);
  await page.waitForTimeout(500);
  await page.reload();
  await page
    .getByTestId('response-row')
    .filter({ hasText: BOB })
    .getByRole('button', { name: /^Notes on / })
    .click();
  await expect(notes).toHaveCount(1);

  await notes.getByRole('button', { name: 'Edit note' }).click();
  await notes.getByLabel('Edit the note').fill('Strong portfolio; ask about React');
  await notes.getByRole('button', { name: 'Save note' }).click();
  await expect(notes).toContainText('Strong portfolio; ask about React');
  await notes.getByRole('button', { name: 'Delete note' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete note' }).click();
  await expect(page.getByRole('list', { name: 'Notes' })).toHaveCount(0);
  await expect(page.getByText('No notes yet.')).toBeVisible();
});
