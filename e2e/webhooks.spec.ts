import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ALICE, BOB, expectNoAxeViolations, setTheme, signInFast, uniqueSuffix } from './fixtures';

test('an owner adds a webhook on the company page; an application reaches the receiver signed and shows as delivered', async ({
  page,
  browser,
}) => {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/jobboard`;
  try {
    await signInFast(page, ALICE);
    const made = await page.request.post('/api/companies', { data: { name: `Hooked ${uniqueSuffix()}` } });
    const company = (await made.json()) as { id: string; slug: string };
    await page.goto(`/company/${company.slug}`);
    const panel = page.getByRole('region', { name: 'Webhooks' });
    await expect(panel.getByText('No webhooks yet.')).toBeVisible();
    await panel.getByLabel('Endpoint address').fill('http://example.com/plain');
    await panel.getByRole('button', { name: 'Add webhook' }).click();
    await expect(panel.getByRole('alert')).toHaveText('url: an https:// address is required');
    await panel.getByLabel('Endpoint address').fill(hookUrl);
    await panel.getByRole('button', { name: 'Add webhook' }).click();
    const row = panel.getByTestId('webhook');
    await expect(row).toContainText(hookUrl);
    await row.getByRole('button', { name: 'Show' }).click();
    const secret = (await row.locator('code').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);

    const job = await page.request.post('/api/job/post-job', {
      data: {
        jobTitle: 'Hooked Engineer',
        companyId: company.id,
        jobLocation: 'Berlin',
        employmentType: 'Full-time',
        experienceLevel: 'Any Experience',
        salaryType: 'Yearly',
        minPrice: '$40k',
        maxPrice: '$60k',
        description: 'A job whose applications a webhook announces to the company.',
        skills: [{ value: 'JavaScript', label: 'JavaScript' }],
      },
    });
    expect(job.status(), await job.text()).toBe(201);
    const seeker = await (await browser.newContext()).newPage();
    await signInFast(seeker, BOB);
    const jobId = (await job.json()).insertedId;
    expect((await seeker.request.post('/api/apply/apply-job', { data: { job: jobId } })).status()).toBe(201);

    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const [delivery] = received;
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(delivery?.headers['jobboard-signature'])) ?? [];
    expect(createHmac('sha256', secret).update(`${t}.${delivery?.body}`).digest('hex')).toBe(v1);
    expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ type: 'application.created', data: { jobId } });

    await row.getByText('Recent deliveries').click();
    await expect(row.getByTestId('webhook-delivery')).toContainText(
      /delivered.*application\.created.*1 attempt.*HTTP 204/,
    );
    await expectNoAxeViolations(page, 'company page with a webhook');
    const shots = process.env.SHOTS_DIR;
    if (shots) {
      for (const dark of [false, true]) {
        await setTheme(page, dark);
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 900 });
          await panel.screenshot({ path: path.join(shots, `webhooks-${dark ? 'dark' : 'light'}-${width}.png`) });
        }
      }
    }
  } finally {
    receiver.close();
  }
});
