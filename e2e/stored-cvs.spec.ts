import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  CAROL,
  closeDialog,
  confirmEmailFromOutbox,
  DEMO_PASSWORD,
  expectNoAxeViolations,
  shootScreens,
  signInFast,
  uniqueSuffix,
} from './fixtures';

/*
 * A seeker's profile keeps their CVs (issue 33, point 4; decision record 44): a new seeker fills in the details
 * employers see, stores two CVs on the profile, renames the second, applies to Carol's job picking the second;
 * Carol sees that very CV and the seeker's headline on Responses.
 */

const PASSWORD = 'a long seeker passphrase';

/** A minimal valid PDF with `text` on its page. */
function minimalPdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
    `<< /Length ${text.length + 25} >>\nstream\nBT /F1 12 Tf (${text}) Tj ET\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * shootScreens for an open dialog: the theme toggle sits behind the modal, so the theme's class is set on the page
 * directly (what the toggle does to the document), then put back.
 */
async function shootDialog(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: path.join(dir, `${name}-${dark ? 'dark' : 'light'}-${width}.png`) });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function carolWithJob(browser: Browser, n: string): Promise<{ carolPage: Page; jobId: string; title: string }> {
  const carolPage = await (await browser.newContext()).newPage();
  await signInFast(carolPage, CAROL, DEMO_PASSWORD);
  const title = `Stored CV Job ${n}`;
  const posted = await carolPage.request.post('/api/job/post-job', {
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
      description: 'A job a seeker applies to with a CV kept on their profile in the end-to-end test.',
      skills: [{ value: 'React', label: 'React' }],
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { insertedId: jobId } = (await posted.json()) as { insertedId: string };
  return { carolPage, jobId, title };
}

async function newSeeker(page: Page, n: string): Promise<string> {
  const email = `stored-cv-${n}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    data: { name: 'Sol Seeker', username: `stored-cv-${n}`, email, password: PASSWORD },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  await confirmEmailFromOutbox(page, email);
  await signInFast(page, email, PASSWORD);
  return email;
}

test('a seeker stores two CVs, applies picking the second; the employer sees that CV and the headline', async ({
  browser,
  page,
}) => {
  // Twelve full-page screenshots with SHOTS_DIR on a busy machine take longer than the default minute.
  test.setTimeout(180_000);
  const n = uniqueSuffix();
  const { carolPage, jobId, title } = await carolWithJob(browser, n);
  const seekerEmail = await newSeeker(page, n);

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
