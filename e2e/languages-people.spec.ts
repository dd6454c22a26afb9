import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  applyAs,
  CAROL,
  confirmEmailFromOutbox,
  DEMO_PASSWORD,
  postJobAs,
  shootScreens,
  signInFast,
  signUpAs,
  uniqueSuffix,
} from './fixtures';

/*
 * The people's screens in Arabic (issue 35): sign-in and sign-up, the profile, saved jobs, alerts, and one
 * application's messages and interviews on both sides, right to left with their own catalogues' texts.
 */

/** The language cookie the menu sets, before the first page: every screen comes in Arabic. */
async function inArabic(context: BrowserContext, url: string) {
  await context.addCookies([{ name: 'lang', value: 'ar', url }]);
}

async function expectArabicHeading(page: Page, name: string, level?: number) {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name, ...(level ? { level } : {}) })).toBeVisible();
}

test('the sign-in, sign-up, profile, saved jobs, alerts and messages screens in Arabic', async ({
  baseURL,
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  const n = uniqueSuffix();
  const site = baseURL ?? '';

  // Signed out: the screens every visitor sees.
  await inArabic(page.context(), site);
  await page.goto('/sign-in');
  await expectArabicHeading(page, 'تسجيل الدخول', 1);
  await expect(page.getByRole('link', { name: 'نسيت كلمة المرور؟' })).toBeVisible();
  await shootScreens(page, 'ar-sign-in');
  await page.goto('/sign-up');
  await expectArabicHeading(page, 'إنشاء حساب', 1);
  await expect(page.getByRole('button', { name: 'إنشاء حساب' })).toBeVisible();
  await shootScreens(page, 'ar-sign-up');

  // Carol posts a job; the seeker applies, saves it and keeps an alert; Carol writes and proposes two times.
  const carol = await browser.newContext();
  const carolPage = await carol.newPage();
  await inArabic(carol, site);
  const [jobId, email] = await Promise.all([
    signInFast(carolPage, CAROL, DEMO_PASSWORD).then(() => postJobAs(carolPage, `Arabic Screens Job ${n}`)),
    signUpAs(page, 'Layla Haddad', `layla-${n}`),
  ]);
  await confirmEmailFromOutbox(page, email);
  await expectArabicHeading(page, 'تم تأكيد عنوان البريد الإلكتروني', 1);
  await applyAs(page, jobId, { coverNote: 'يسعدني التقدم لهذه الوظيفة.' });
  expect((await page.request.put(`/api/saved-jobs/${jobId}`)).ok()).toBe(true);
  const alert = await page.request.post('/api/alerts', { data: { query: 'q=react', frequency: 'daily' } });
  expect(alert.ok(), await alert.text()).toBe(true);

  await page.goto('/jobs-applied');
  const href = await page.locator('a[href^="/messages/"]').first().getAttribute('href');
  const applicationId = href?.split('/').pop() ?? '';
  expect(applicationId).not.toBe('');
  const api = `/api/applications/${applicationId}`;
  const message = await carolPage.request.post(`${api}/messages`, {
    data: { body: 'مرحبًا ليلى، هل يناسبك موعد الشهر القادم؟' },
  });
  expect(message.ok(), await message.text()).toBe(true);
  const slots = ['2031-05-17T14:30', '2031-05-19T09:00'].map((start) => ({ start, timeZone: 'Asia/Dubai' }));
  const proposal = await carolPage.request.post(`${api}/interviews`, {
    data: { slots, lengthMinutes: 45, location: 'https://meet.example/ar' },
  });
  expect(proposal.ok(), await proposal.text()).toBe(true);

  await page.goto('/profile');
  await expectArabicHeading(page, 'الملف الشخصي', 1);
  await expect(page.getByRole('heading', { name: 'سيرك الذاتية' })).toBeVisible();
  await shootScreens(page, 'ar-profile');

  await page.goto('/saved-jobs');
  await expectArabicHeading(page, 'وظائفك المحفوظة', 1);
  await expect(page.getByText('وظيفة محفوظة واحدة')).toBeVisible();
  await shootScreens(page, 'ar-saved-jobs');

  await page.goto('/alerts');
  await expectArabicHeading(page, 'تنبيهات الوظائف الخاصة بك', 1);
  await expect(page.getByRole('link', { name: 'تشغيل البحث' })).toBeVisible();
  await shootScreens(page, 'ar-alerts');

  await page.goto(`/messages/${applicationId}`);
  await expectArabicHeading(page, 'الرسائل', 2);
  await expect(page.getByText('اختر أحد هذه المواعيد')).toBeVisible();
  await shootScreens(page, 'ar-messages');

  await carolPage.goto(`/candidates/${applicationId}`);
  await expectArabicHeading(carolPage, 'المقابلات', 2);
  await expect(carolPage.getByText('بانتظار أن يختار المرشّح موعدًا')).toBeVisible();
  await shootScreens(carolPage, 'ar-candidate');
  await carol.close();
});
