import { expect, test, type Page } from '@playwright/test';
import { ALICE, applyAs, postJobAs, shootScreens, signInFast, signUpAs, uniqueSuffix } from './fixtures';

/*
 * The hiring screens in Arabic (issue 35): a seeker's Applied Jobs and a company's page, then the employer's
 * Responses and the company page as its owner sees it, each right to left with its own catalogue's texts.
 */

async function expectRtl(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
}

test('applied jobs, a company page and responses in Arabic', async ({ page }) => {
  // About 15 s; the screenshots of four screens (SHOTS_DIR) take longer on a busy machine.
  test.setTimeout(process.env.SHOTS_DIR ? 150_000 : 60_000);
  await page.goto('/');
  await page.context().addCookies([{ name: 'lang', value: 'ar', url: page.url() }]);

  // Alice posts a job (her company's); a new seeker applies to it with a note.
  await signInFast(page, ALICE);
  const title = `Hiring in Arabic ${uniqueSuffix()}`;
  const jobId = await postJobAs(page, title);
  const job = (await (await page.request.get(`/api/job/all-jobs/${jobId}`)).json()) as { company: { slug: string } };
  const seeker = await signUpAs(page, 'Layla Haddad', `hiring-ar-${uniqueSuffix()}`);
  await applyAs(page, jobId, { coverNote: 'I would love to join your team.' });

  await page.goto('/jobs-applied');
  await expectRtl(page);
  await expect(page.getByRole('heading', { level: 1, name: 'الوظائف التي قدّمت عليها' })).toBeVisible();
  await expect(page.getByRole('button', { name: `سحب طلب التقديم على ${title}` })).toBeVisible();
  await expect(page.getByText('تم التقديم', { exact: true })).toBeVisible();
  await shootScreens(page, 'ar-applied-jobs');

  await page.goto(`/company/${job.company.slug}`);
  await expectRtl(page);
  await expect(page.getByRole('heading', { level: 2, name: 'الوظائف المتاحة' })).toBeVisible();
  await shootScreens(page, 'ar-company');

  // The employer: Responses for the job, and the company page with its members and settings.
  await signInFast(page, ALICE);
  await page.goto(`/responses?job=${jobId}`);
  await expectRtl(page);
  await expect(page.getByRole('heading', { level: 1, name: 'الطلبات الواردة' })).toBeVisible();
  await expect(page.getByTestId('response-row').filter({ hasText: seeker })).toBeVisible();
  await expect(page.getByRole('button', { name: /^الملاحظات حول/ }).first()).toBeVisible();
  await shootScreens(page, 'ar-responses');

  await page.goto(`/company/${job.company.slug}`);
  await expectRtl(page);
  await expect(page.getByRole('heading', { level: 2, name: 'الأعضاء' })).toBeVisible();
  await shootScreens(page, 'ar-company-owner');
});
