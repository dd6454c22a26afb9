import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ALICE, expectNoAxeViolations, setTheme, signInFast } from './fixtures';

// Every screen, in both themes, at desktop and at the 600 px breakpoint: axe finds nothing, and a screenshot
// lands in .screenshots/ for a person to look at.
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 600, height: 900 },
] as const;

interface Screen {
  name: string;
  path: (ids: { job: string; own: string }) => string;
  ready: (page: Page) => Promise<void>;
  signedIn: boolean;
}

const SCREENS: Screen[] = [
  { name: 'home', path: () => '/', signedIn: false, ready: (p) => expect(p.locator('#results article').first()).toBeVisible() },
  { name: 'job', path: (ids) => `/job/${ids.job}`, signedIn: false, ready: (p) => expect(p.getByRole('button', { name: 'Apply Now' })).toBeVisible() },
  { name: 'sign-in', path: () => '/sign-in', signedIn: false, ready: (p) => expect(p.getByRole('button', { name: 'Sign In' })).toBeVisible() },
  { name: 'sign-up', path: () => '/sign-up', signedIn: false, ready: (p) => expect(p.getByRole('button', { name: 'Sign Up' })).toBeVisible() },
  { name: 'about', path: () => '/about', signedIn: false, ready: (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'not-found', path: () => '/nope', signedIn: false, ready: (p) => expect(p.getByRole('heading', { name: 'Page not found' })).toBeVisible() },
  { name: 'profile', path: () => '/profile', signedIn: true, ready: (p) => expect(p.getByRole('button', { name: 'Update' })).toBeVisible() },
  { name: 'post-job', path: () => '/post-job', signedIn: true, ready: (p) => expect(p.getByRole('button', { name: 'Create Job' })).toBeVisible() },
  { name: 'edit-job', path: (ids) => `/edit-job/${ids.own}`, signedIn: true, ready: (p) => expect(p.getByRole('button', { name: 'Update Job' })).toBeVisible() },
  { name: 'my-job', path: () => '/my-job', signedIn: true, ready: (p) => expect(p.getByRole('link', { name: /^Edit / }).first()).toBeVisible() },
  { name: 'jobs-applied', path: () => '/jobs-applied', signedIn: true, ready: (p) => expect(p.getByRole('heading', { name: 'Your Applied Jobs' })).toBeVisible() },
  { name: 'responses', path: () => '/responses', signedIn: true, ready: (p) => expect(p.locator('tbody tr').first()).toBeVisible() },
];

mkdirSync('.screenshots', { recursive: true });

for (const viewport of VIEWPORTS) {
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    test(`every screen, ${theme}, ${viewport.name}: axe clean, screenshot`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const search = (await (await page.request.get('/api/job/search')).json()) as { items: { _id: string }[] };
      const job = search.items[0]?._id ?? '';
      const shoot = async (name: string) => {
        await page.screenshot({ path: `.screenshots/${name}-${theme}-${viewport.name}.png`, fullPage: true });
      };

      for (const screen of SCREENS.filter((s) => !s.signedIn)) {
        await page.goto(screen.path({ job, own: '' }));
        await setTheme(page, dark);
        await screen.ready(page);
        await expectNoAxeViolations(page, `${screen.name} (${theme}, ${viewport.name})`);
        await shoot(screen.name);
      }

      // The open mobile menu and filter panel, and an error line, are screens too.
      if (viewport.name === 'mobile') {
        await page.goto('/');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('button', { name: 'Apply Filters' }).click();
        await expect(page.locator('#mobile-filters')).toBeVisible();
        await expectNoAxeViolations(page, `home with menu and filters (${theme})`);
        await shoot('home-menu-filters');
      }
      await page.goto('/sign-in');
      await page.getByLabel('Email').fill('nobody@example.com');
      await page.getByLabel('Password', { exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByTestId('auth-error')).not.toBeEmpty();
      await expectNoAxeViolations(page, `sign-in error (${theme})`);
      await shoot('sign-in-error');

      await signInFast(page, ALICE);
      const mine = (await (await page.request.get(`/api/job/myJobs/${ALICE}`)).json()) as { _id: string }[];
      const own = mine[0]?._id ?? '';
      for (const screen of SCREENS.filter((s) => s.signedIn)) {
        await page.goto(screen.path({ job, own }));
        await screen.ready(page);
        await expectNoAxeViolations(page, `${screen.name} (${theme}, ${viewport.name})`);
        await shoot(screen.name);
      }
      // The job page as a signed-in user, and a dialog.
      await page.goto(`/job/${own}`);
      await page.getByRole('button', { name: 'Apply Now' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await shoot('job-own');
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Delete Account' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForTimeout(400);
      await shoot('dialog-confirm');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    });
  }
}
