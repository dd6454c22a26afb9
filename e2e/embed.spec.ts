import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';

test.describe('embeds (issue 36 item 5)', () => {
  test('a company’s jobs show in an iframe on another origin whose CSP allows only frames from the board', async ({
    page,
    baseURL,
    request,
  }) => {
    const search = await (await request.get('/api/job/search')).json();
    const job = search.items.find((item: { company: { slug: string } | null }) => item.company?.slug);
    const slug: string = job.company.slug;
    const board = new URL(baseURL ?? '').origin;
    // The other site: its own origin, a strict policy (nothing but a frame from the board), no script of its own.
    const site = http.createServer((_request, response) => {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `default-src 'none'; frame-src ${board}`,
      });
      response.end(
        `<!doctype html><title>Careers</title><h1>Work with us</h1><iframe src="${board}/embed/companies/${slug}" title="Open jobs" width="600" height="400"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    try {
      await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
      const frame = page.frameLocator('iframe[title="Open jobs"]');
      const link = frame.getByRole('link', { name: job.jobTitle }).first();
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', new RegExp(`/job/${job._id}$`));
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(frame.getByRole('link', { name: /^All jobs at / })).toBeVisible();
      expect(violations).toEqual([]);
      const shots = process.env.SHOTS_DIR;
      if (shots) await page.screenshot({ path: `${shots}/embed-on-another-site.png` });
    } finally {
      site.close();
    }
  });
});
