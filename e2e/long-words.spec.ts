import { expect, test, type Page } from '@playwright/test';
import { CAROL, DEMO_PASSWORD, uniqueSuffix } from './fixtures';

/** One long title, word or URL must not widen a page for anybody: long words wrap wherever user text is shown. */

const COMPOUND =
  'Donaudampfschifffahrtselektrizitätenhauptbetriebswerkbauunterbeamtengesellschaftskapitänsmützenabteilung';
const URL_TEXT = `https://careers.example.com/apply/${'very-long-path-segment-'.repeat(8)}end?utm_source=jobboard`;

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test.describe('long words', () => {
  let jobId = '';
  let title = '';

  test.beforeAll(async ({ browser }) => {
    const carol = await browser.newContext();
    expect(
      (await carol.request.post('/api/auth/signin', { data: { email: CAROL, password: DEMO_PASSWORD } })).ok(),
    ).toBe(true);
    title = `DevOps/SRE/Platform-Engineer (AWS/GCP/Azure/Kubernetes/Terraform) ${uniqueSuffix()}`;
    const posted = await carol.request.post('/api/job/post-job', {
      data: {
        jobTitle: title,
        companyName: `${COMPOUND} GmbH`,
        companyLogo: '/static/logos/tidewater.svg',
        jobLocation: 'Berlin',
        employmentType: 'Full-time',
        experienceLevel: 'Any Experience',
        salaryType: 'Yearly',
        minPrice: '$20k',
        maxPrice: '$120k',
        description: `${COMPOUND} ${COMPOUND}\n\nApply at ${URL_TEXT}`,
        skills: [{ value: 'React', label: 'React' }],
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    jobId = ((await posted.json()) as { insertedId: string }).insertedId;
    await carol.close();
  });

  test('at 390 px the home page, the job page and the company page stay 390 px wide', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.locator('#results article').first()).toContainText('DevOps/SRE');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.goto(`/job/${jobId}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('DevOps/SRE');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page
      .getByRole('link', { name: new RegExp(COMPOUND.slice(0, 20)) })
      .first()
      .click();
    await expect(page).toHaveURL(/\/company\//);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(COMPOUND.slice(0, 20));
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('at 1280 px the results toolbar stays on screen beside a long title', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#results article').first()).toContainText('DevOps/SRE');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    for (const control of [
      page.getByRole('link', { name: /RSS/ }).first(),
      page.getByRole('button', { name: /Alert me/ }),
      page.getByLabel(/Sort by/),
    ]) {
      const box = await control.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);
    }
  });
});
