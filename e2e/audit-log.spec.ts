import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, setTheme, signInFast, uniqueSuffix } from './fixtures';

const ADMIN = 'dan@example.com';

test('an administrator’s decisions are in the audit log, filtered by a plain form and downloaded as CSV', async ({
  page,
}) => {
  await signInFast(page, ADMIN);
  const title = `Audited ${uniqueSuffix()} Analyst`;
  const posted = await page.request.post('/api/job/post-job', {
    data: {
      jobTitle: title,
      companyName: 'Audit Test Co',
      companyLogo: '/static/logos/tidewater.svg',
      jobLocation: 'Berlin',
      employmentType: 'Full-time',
      experienceLevel: 'Any Experience',
      salaryType: 'Yearly',
      minPrice: '$40k',
      maxPrice: '$60k',
      description: 'A job that exists for the audit log test, hidden and approved again.',
      skills: [{ value: 'JavaScript', label: 'JavaScript' }],
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const jobId = (await posted.json()).insertedId;
  expect(
    (await page.request.post(`/api/admin/jobs/${jobId}/hide`, { data: { reason: 'Checking, with a comma' } })).status(),
  ).toBe(200);
  expect((await page.request.post(`/api/admin/jobs/${jobId}/approve`)).status()).toBe(200);

  await page.goto('/admin/audit');
  const first = page.getByTestId('audit-entry').first();
  await expect(first).toContainText('Job approved');
  await expect(first).toContainText(title);
  await page.getByLabel('Action').selectOption('job.hide');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/\/admin\/audit\?action=job\.hide&admin=&target=$/);
  const hidden = page.getByTestId('audit-entry').filter({ hasText: title });
  await expect(hidden).toContainText('Checking, with a comma');
  await expect(page.getByTestId('audit-entry').filter({ hasText: 'Job approved' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'audit log');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('at,admin,action,target_id,target,reason');
  expect(csv).toContain(`,${ADMIN},job.hide,${jobId},${title},"Checking, with a comma"`);
  expect(csv).not.toContain('job.approve');

  const shots = process.env.SHOTS_DIR;
  if (shots) {
    for (const dark of [false, true]) {
      await setTheme(page, dark);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({
          path: path.join(shots, `audit-log-${dark ? 'dark' : 'light'}-${width}.png`),
          fullPage: true,
        });
      }
    }
  }
});
