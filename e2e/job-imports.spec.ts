import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ALICE, expectNoAxeViolations, setTheme, signInFast, uniqueSuffix } from './fixtures';

const FEED = fs.readFileSync(path.join(import.meta.dirname, '../apps/server/test/fixtures/imports/indeed.xml'), 'utf8');

test('an owner connects an XML feed on the company page, runs it, and reads the report', async ({ page }) => {
  const feed = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/xml' }).end(FEED);
  });
  await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
  const feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/jobs.xml`;
  try {
    await signInFast(page, ALICE);
    const made = await page.request.post('/api/companies', { data: { name: `Imported ${uniqueSuffix()}` } });
    const company = (await made.json()) as { slug: string };
    await page.goto(`/company/${company.slug}`);
    const panel = page.getByRole('region', { name: 'Import jobs' });
    await expect(panel.getByText('No import sources yet.')).toBeVisible();
    await panel.getByLabel('Import from').selectOption('indeed-xml');
    await panel.getByLabel('Feed address').fill('https://10.0.0.1/jobs.xml');
    await panel.getByRole('button', { name: 'Connect source' }).click();
    await expect(panel.getByRole('alert')).toHaveText(
      'target: a public address is required, not a private or local one',
    );
    await panel.getByLabel('Feed address').fill(feedUrl);
    await panel.getByRole('button', { name: 'Connect source' }).click();
    const row = panel.getByTestId('import-source');
    await expect(row).toContainText('Not run yet.');
    await row.getByRole('button', { name: 'Run now' }).click();
    await expect(row.getByTestId('import-run')).toContainText('2 added, 0 updated, 0 closed, 1 refused');
    await row.getByText('Refused entries').click();
    await expect(row).toContainText('DR-3003: description: Description is required');
    await expectNoAxeViolations(page, 'company page with a job import');
    const shots = process.env.SHOTS_DIR;
    if (shots) {
      for (const dark of [false, true]) {
        await setTheme(page, dark);
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 900 });
          await panel.screenshot({ path: path.join(shots, `imports-${dark ? 'dark' : 'light'}-${width}.png`) });
        }
      }
    }
  } finally {
    feed.close();
  }
});
