import { expect, test } from '@playwright/test';
import { shootScreens, signInFast } from './fixtures';

/**
 * The administrators' console in Arabic (issue 35): with the language cookie set, Dan (ADMIN_EMAILS of
 * scripts/e2e-server.mjs) opens the review queue, users, an account, jobs, the audit log and the site settings; each is right to
 * left with its heading in Arabic. SHOTS_DIR: each screen, light and dark, 1280 and 390 px.
 */
const ADMIN = 'dan@example.com';

test('the administrators’ console reads right to left in Arabic', async ({ page }) => {
  // Screenshots (SHOTS_DIR): four full pages per screen.
  test.setTimeout(process.env.SHOTS_DIR ? 150_000 : 60_000);
  await page.goto('/');
  await page.context().addCookies([{ name: 'lang', value: 'ar', url: page.url() }]);
  await signInFast(page, ADMIN);

  await page.goto('/admin');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const nav = page.getByRole('navigation', { name: 'الإدارة' });
  await expect(nav.getByRole('link', { name: 'قائمة المراجعة' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'قائمة المراجعة' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'الوظائف المخفية' })).toBeVisible();
  await shootScreens(page, 'ar-console-queue');

  await nav.getByRole('link', { name: 'المستخدمون' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'المستخدمون' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'بحث' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await shootScreens(page, 'ar-console-users');

  await page.getByRole('link', { name: 'Bob Okafor' }).first().click();
  await expect(page.getByRole('button', { name: 'حذف الحساب' })).toBeVisible();
  await shootScreens(page, 'ar-console-user');

  await nav.getByRole('link', { name: 'الوظائف' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'الوظائف' })).toBeVisible();
  await expect(page.getByLabel('الحالة')).toBeVisible();
  await shootScreens(page, 'ar-console-jobs');

  await page.goto('/admin/audit');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'سجل التدقيق' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'تصفية' })).toBeVisible();
  await shootScreens(page, 'ar-console-audit');

  await page.goto('/admin/settings');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'إعدادات الموقع' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'حفظ الإعدادات' })).toBeVisible();
  await shootScreens(page, 'ar-console-settings');
});
