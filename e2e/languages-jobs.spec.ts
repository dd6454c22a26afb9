import { expect, test, type Page } from '@playwright/test';
import { ALICE, postJobAs, shootDialog, shootScreens, signInFast, signUpAs, uniqueSuffix } from './fixtures';

/*
 * The jobs feature in Arabic (issue 35): Post a Job's form, My Jobs and the apply dialog come in Arabic, right to
 * left, from the jobs catalogue. With SHOTS_DIR set, each screen is photographed (light/dark, 1280/390).
 */

async function readArabic(page: Page): Promise<void> {
  await page.goto('/about');
  await page.context().addCookies([{ name: 'lang', value: 'ar', url: page.url() }]);
}

test.describe('languages: jobs in Arabic', () => {
  test('Post a Job, My Jobs and the apply dialog', async ({ page }) => {
    const title = `Arabic form ${uniqueSuffix()}`;
    await readArabic(page);
    await signInFast(page, ALICE);
    const jobId = await postJobAs(page, title);

    await page.goto('/post-job');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 2, name: 'الوظيفة' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'إنشاء الوظيفة' })).toBeVisible();
    await page.getByRole('radio', { name: /عن بُعد/ }).check();
    await page.getByRole('button', { name: 'أضف سؤالًا' }).click();
    await expect(page.getByLabel('البلدان التي يمكن التوظيف فيها')).toBeVisible();
    await shootScreens(page, 'ar-post-job');

    await page.goto(`/my-job?q=${encodeURIComponent(title)}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'كل وظائفي' })).toBeVisible();
    await expect(page.getByRole('link', { name: `تعديل ${title}` }).first()).toBeVisible();
    await shootScreens(page, 'ar-my-jobs');

    await signUpAs(page, 'Arabic Seeker', `ar-seeker-${uniqueSuffix()}`);
    await page.goto(`/job/${jobId}`);
    await page.getByRole('button', { name: 'قدِّم الآن' }).first().click();
    const dialog = page.getByRole('dialog', { name: `التقديم على ${title}` });
    await expect(dialog.getByRole('button', { name: 'إرسال طلب التقديم' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await shootDialog(page, 'ar-apply-dialog');
  });
});
