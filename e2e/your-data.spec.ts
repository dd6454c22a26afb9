import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CAROL, expectNoAxeViolations, setTheme, signInFast } from './fixtures';

test.describe('your data (issue 34 item 4)', () => {
  test('the profile downloads the account as a ZIP holding its data; the page says what deletion removes', async ({
    page,
  }) => {
    await signInFast(page, CAROL);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Your data' });
    await expect(section.getByText(/Gone at once:/)).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^jobboard-data-.+-\d{4}-\d{2}-\d{2}\.zip$/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-e2e-export-'));
    try {
      const file = path.join(dir, 'export.zip');
      await download.saveAs(file);
      const json = spawnSync('unzip', ['-p', file, 'jobboard-data.json'], { encoding: 'utf8' });
      expect(json.status).toBe(0);
      expect(JSON.parse(json.stdout).account[0].email).toBe(CAROL);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    await expectNoAxeViolations(page, 'profile with your data');
    const shots = process.env.SHOTS_DIR;
    if (shots) {
      for (const dark of [false, true]) {
        await setTheme(page, dark);
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 900 });
          await page.screenshot({
            path: path.join(shots, `profile-data-${dark ? 'dark' : 'light'}-${width}.png`),
            fullPage: true,
          });
        }
      }
    }
  });
});
