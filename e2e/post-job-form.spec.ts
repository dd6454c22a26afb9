import { expect, test } from '@playwright/test';
import { CAROL, fillJobForm, signInFast, uniqueSuffix } from './fixtures';

/*
 * Issue 29's Post a Job minor item: the spec's pay placeholders and its '$20k' text accepted (as the server reads
 * it), empty selects named in words, and the city error gone once Remote is chosen.
 */

test('Post a Job: "$20k" and "120k" are posted as 20,000 to 120,000; errors name the field and the city one clears on Remote', async ({
  page,
}) => {
  const title = `Kilo Pay Job ${uniqueSuffix()}`;
  await signInFast(page, CAROL);
  await page.goto('/post-job');
  await expect(page.getByLabel('Minimum Salary')).toHaveAttribute('placeholder', '$20k');
  await expect(page.getByLabel('Maximum Salary')).toHaveAttribute('placeholder', '$120k');

  await page.getByRole('button', { name: 'Create Job' }).click();
  await expect(page.getByText('Choose an experience type')).toBeVisible();
  await expect(page.getByText('Choose an experience level')).toBeVisible();
  await expect(page.getByText(/must be one of|expected one of/)).toHaveCount(0);
  const cityError = page.getByText('Enter the city of the job, or choose Remote');
  await expect(cityError).toBeVisible();
  await page.getByRole('radio', { name: /Remote/ }).check();
  await expect(cityError).toBeHidden();
  await page.getByRole('radio', { name: /On-site/ }).check();

  await fillJobForm(page, title);
  await page.getByLabel('Minimum Salary').fill('$20k');
  await page.getByLabel('Maximum Salary').fill('120k');
  await page.getByRole('button', { name: 'Create Job' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Job Created Successfully');
  await dialog.getByRole('link', { name: 'View the job' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.locator('main')).toContainText(/\$20,000\s*[–-]\s*\$120,000 a year/);
});
