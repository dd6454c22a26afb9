import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  CAROL,
  closeDialog,
  DEMO_PASSWORD,
  expectNoAxeViolations,
  minimalPdf,
  postJobAs,
  shootDialog,
  shootScreens,
  signInFast,
  signUpAs,
  uniqueSuffix,
} from './fixtures';

/*
 * A seeker's profile keeps their CVs (issue 33, point 4; decision record 44): a new seeker fills in the details
 * employers see, stores two CVs on the profile, renames the second, applies to Carol's job picking the second;
 * Carol sees that very CV and the seeker's headline on Responses.
 */

async function carolWithJob(browser: Browser, n: string): Promise<{ carolPage: Page; jobId: string; title: string }> {
  const carolPage = await (await browser.newContext()).newPage();
  await signInFast(carolPage, CAROL, DEMO_PASSWORD);
  const title = `Stored CV Job ${n}`;
  const jobId = await postJobAs(carolPage, title);
  return { carolPage, jobId, title };
}

test('a seeker stores two CVs, applies picking the second; the employer sees that CV and the headline', async ({
  browser,
  page,
}) => {
  // Twelve full-page screenshots with SHOTS_DIR on a busy machine take longer than the default minute.
  test.setTimeout(180_000);
  const n = uniqueSuffix();
  const { carolPage, jobId, title } = await carolWithJob(browser, n);
  const seekerEmail = await signUpAs(page, 'Sol Seeker', `stored-cv-${n}`, { confirm: true });

  // The profile: the details employers see, then two CVs.
  await page.goto('/profile');
  const details = page.getByRole('region', { name: 'For employers' });
  await details.getByLabel('Headline').fill('Backend engineer, 8 years in payments');
  await details.getByLabel('Location').fill('Lisbon, Portugal');
  await details.getByLabel(/^Links/).fill('https://github.com/sol-seeker');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByText('Saved.')).toBeVisible();

  const cvs = page.getByRole('region', { name: 'Your CVs' });
  await expect(cvs.getByText(/No CVs yet/)).toBeVisible();
  const add = cvs.getByLabel(/Add a CV/);
  await add.setInputFiles({ name: 'General CV.pdf', mimeType: 'application/pdf', buffer: minimalPdf(`General ${n}`) });
  await expect(cvs.getByTestId('stored-cv')).toHaveCount(1);
  const second = minimalPdf(`Backend ${n}`);
  await add.setInputFiles({ name: 'Backend CV.pdf', mimeType: 'application/pdf', buffer: second });
  await expect(cvs.getByTestId('stored-cv')).toHaveCount(2);
  await expect(cvs.getByTestId('stored-cv').first()).toContainText('Default');
  await cvs.getByRole('button', { name: 'Rename backend-cv.pdf' }).click();
  await cvs.getByLabel('Label of backend-cv.pdf').fill('Backend roles');
  await cvs.getByRole('button', { name: 'Save' }).click();
  await expect(cvs.getByTestId('stored-cv').nth(1)).toContainText('Backend roles');
  await expect(cvs).toContainText('2 of 5');
  await expectNoAxeViolations(page, 'profile with stored CVs');
  await shootScreens(page, 'stored-cvs-profile');

  // Apply: the default is preselected; the seeker picks the second.
  await page.goto(`/job/${jobId}`);
  await page.getByRole('button', { name: 'Apply Now' }).click();
  const dialog = page.getByRole('dialog', { name: `Apply to ${title}` });
  const picker = dialog.getByRole('group', { name: 'CV' });
  await expect(picker.getByRole('radio', { name: /general-cv\.pdf/ })).toBeChecked();
  await picker.getByRole('radio', { name: /Backend roles/ }).check();
  await expect(picker.getByRole('radio', { name: /Backend roles/ })).toBeChecked();
  await expectNoAxeViolations(page, 'apply dialog with the CV picker');
  await shootDialog(page, 'stored-cvs-apply-picker');
  await dialog.getByRole('button', { name: 'Send application' }).click();
  await closeDialog(page, 'Applied Successfully');

  // Carol's Responses: the second CV (its very bytes) and the seeker's headline and link.
  await carolPage.goto(`/responses?job=${jobId}`);
  const row = carolPage.getByTestId('response-row').filter({ hasText: seekerEmail });
  await expect(row).toBeVisible();
  const materials = carolPage.getByTestId('application-materials');
  await expect(materials).toContainText('backend-cv.pdf');
  const summary = carolPage.getByTestId('candidate-summary');
  await expect(summary).toContainText('Backend engineer, 8 years in payments');
  await expect(summary.getByRole('link', { name: /github\.com\/sol-seeker/ })).toHaveAttribute(
    'href',
    'https://github.com/sol-seeker',
  );
  const responses = (await (await carolPage.request.get(`/api/applications/responses?job=${jobId}`)).json()) as {
    items: { _id: string }[];
  };
  const link = await carolPage.request.get(`/api/applications/${responses.items[0]?._id}/cv-link`);
  const file = await carolPage.request.get(((await link.json()) as { url: string }).url);
  expect((await file.body()).equals(second)).toBe(true);
  await expectNoAxeViolations(carolPage, 'responses with the candidate summary');
  await shootScreens(carolPage, 'stored-cvs-responses');
  await carolPage.context().close();
});
