import { expect, test } from '@playwright/test';
import {
  ALICE,
  closeDialog,
  expectNoAxeViolations,
  fillJobForm,
  shootDialog,
  shootScreens,
  signInFast,
  signUpAs,
  uniqueSuffix,
} from './fixtures';

/*
 * Issue 33, items 2 and 3 (decision record 41): an employer posts a job with two screening questions (one with a
 * knock-out answer), a seeker applies answering them, the employer sees the answers on Responses with the
 * knock-out marked; and a job that takes applications on its company's site sends the seeker there, counted.
 */

// Two people, a form, and four screenshots per screen on a shared machine.
test.describe.configure({ timeout: 240_000 });

const CAREERS = 'https://careers.example.com/jobs/e2e';

test('an employer asks two screening questions; a seeker answers; Responses shows the answers and the knock-out', async ({
  browser,
}) => {
  const title = `Screened Job ${uniqueSuffix()}`;
  const alice = await browser.newContext();
  const page = await alice.newPage();
  await signInFast(page, ALICE);
  await page.goto('/post-job');
  await fillJobForm(page, title);

  const section = page.getByRole('region', { name: 'How to apply' });
  await expect(section.getByLabel(/On this board/)).toBeChecked();
  await section.getByRole('button', { name: 'Add a question' }).click();
  await section.getByRole('textbox', { name: 'Question 1', exact: true }).fill('Can you work in the EU?');
  await section.getByLabel('Knock-out answer').selectOption('no');
  await section.getByLabel('Required').first().check();
  await section.getByRole('button', { name: 'Add a question' }).click();
  await section.getByLabel('Kind').nth(1).selectOption('number');
  await section.getByRole('textbox', { name: 'Question 2', exact: true }).fill('Years of TypeScript');
  await section.getByLabel('Knock out answers below').fill('2');
  await expectNoAxeViolations(page, 'job form with screening questions');
  await section.scrollIntoViewIfNeeded();
  await shootScreens(page, 'screening-form');

  await page.getByRole('button', { name: 'Create Job' }).click();
  const created = page.getByRole('dialog');
  await expect(created).toContainText('Job Created Successfully');
  await created.getByRole('link', { name: 'View the job' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const jobId = page.url().split('/job/')[1] ?? '';

  // Bob applies: the required question is checked before anything is sent.
  const bob = await browser.newContext();
  const seeker = await bob.newPage();
  await signUpAs(seeker, 'Sam Screened', `screened-${uniqueSuffix()}`);
  await seeker.goto(`/job/${jobId}`);
  await seeker.getByRole('button', { name: 'Apply Now' }).click();
  const dialog = seeker.getByRole('dialog', { name: `Apply to ${title}` });
  const answers = dialog.getByTestId('screening-answers');
  await expect(answers).toContainText('Can you work in the EU?');
  await dialog.getByRole('button', { name: 'Send application' }).click();
  await expect(answers).toContainText('An answer is required');
  await answers.getByLabel(/Can you work in the EU/).selectOption('no');
  await answers.getByLabel(/Years of TypeScript/).fill('5');
  await expectNoAxeViolations(seeker, 'apply dialog with screening questions');
  await shootDialog(seeker, 'screening-apply');
  await dialog.getByRole('button', { name: 'Send application' }).click();
  await closeDialog(seeker, 'Applied Successfully');

  // Alice's Responses: the answers with their questions, the knock-out marked, the application not hidden.
  await page.goto(`/responses?job=${jobId}`);
  const view = page.getByTestId('screening-answers-view');
  await expect(view).toContainText('Can you work in the EU?');
  await expect(view).toContainText('No (knock-out answer)');
  await expect(view).toContainText('Years of TypeScript');
  await expect(view).toContainText('5');
  await expect(page.getByTestId('knock-out-badge')).toBeVisible();
  await expectNoAxeViolations(page, 'responses with screening answers');
  await shootScreens(page, 'screening-responses');

  // Clean up: close the job so later specs' pages do not list it.
  await page.request.patch(`/api/job/update-job/${jobId}`, { data: { status: 'closed' } });
  await alice.close();
  await bob.close();
});

test("a job that takes applications on its company's site sends the seeker there and counts the click", async ({
  browser,
}) => {
  const alice = await browser.newContext();
  const page = await alice.newPage();
  await signInFast(page, ALICE);
  const title = `Careers Site Job ${uniqueSuffix()}`;
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
      description: 'A job that takes its applications on the company site in the end-to-end test.',
      skills: [{ value: 'React', label: 'React' }],
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { insertedId: jobId } = (await posted.json()) as { insertedId: string };
  const saved = await page.request.put(`/api/applications/jobs/${jobId}/apply-options`, {
    data: { method: 'external', url: CAREERS },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  // A visitor: the company's page stands in for the real one.
  const visitor = await browser.newContext();
  const seeker = await visitor.newPage();
  await visitor.route('https://careers.example.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Careers</title><h1>Acme careers</h1>' }),
  );
  await seeker.goto(`/job/${jobId}`);
  await expect(seeker.getByRole('button', { name: 'Apply Now' })).toHaveCount(0);
  const link = seeker.getByRole('link', { name: /Apply on the company's site/ });
  await expect(link).toBeVisible();
  await expectNoAxeViolations(seeker, 'job page of an external job');
  await shootScreens(seeker, 'screening-external-job');
  await seeker.getByRole('link', { name: /Apply on the company's site/ }).click();
  await expect(seeker).toHaveURL(CAREERS);
  await expect(seeker.getByRole('heading', { name: 'Acme careers' })).toBeVisible();

  const stats = await page.request.get(`/api/job/${jobId}/stats`);
  expect(((await stats.json()) as { applyClicks?: number }).applyClicks).toBe(1);
  await page.request.patch(`/api/job/update-job/${jobId}`, { data: { status: 'closed' } });
  await alice.close();
  await visitor.close();
});
