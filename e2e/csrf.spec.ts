import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { ALICE, signInFast } from './fixtures';

/**
 * Security review finding 7 in a real browser: a page on another origin posts an HTML form to an encoded
 * spelling of the sign-out path (`/%61pi/auth/signout`, which the router serves as `/api/auth/signout`). The
 * CSRF check must see the route, not the spelling: the form is refused and the user stays signed in.
 */

let attacker: http.Server;
let attackerPort: number;

test.beforeAll(async () => {
  // The attacker's site: whatever page is asked for, it posts a form to the URL in its query string, at once.
  attacker = http.createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://attacker').searchParams.get('target') ?? '';
    const enctype = new URL(request.url ?? '/', 'http://attacker').searchParams.get('enctype') ?? 'text/plain';
    const escaped = target.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><title>Win a prize</title><form method="POST" action="${escaped}" enctype="${enctype}">` +
        `<input name="x" value="y"></form><script>document.forms[0].submit()</script>`,
    );
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerPort = (attacker.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise((resolve) => attacker.close(resolve));
});

async function signedInAs(page: Page): Promise<string | null> {
  const me = await page.request.get('/api/auth/me');
  return me.status() === 200 ? ((await me.json()) as { email: string }).email : null;
}

/** Opens the attacker's page and waits for its form post to come back from the app. */
async function attack(page: Page, attackerOrigin: string, path: string, enctype: string) {
  // `path` is the whole URL of the app's endpoint.
  const answer = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().includes('auth'),
  );
  await page.goto(`${attackerOrigin}/?target=${encodeURIComponent(path)}&enctype=${encodeURIComponent(enctype)}`);
  return answer;
}

for (const attackerHost of ['127.0.0.1', 'localhost']) {
  test(`a form on http://${attackerHost}:<other port> cannot sign the user out through encoded paths`, async ({
    page,
    baseURL,
  }) => {
    await signInFast(page, ALICE);
    await page.goto('/');
    expect(await signedInAs(page)).toBe(ALICE);
    const appOrigin = new URL(baseURL ?? 'http://127.0.0.1').origin;
    const attackerOrigin = `http://${attackerHost}:${attackerPort}`;

    for (const path of [
      '/%61pi/auth/signout',
      '/%61%70%69/auth/signout',
      '/api/auth/%73ignout',
      '/api//auth/signout',
      '/api/auth/signout',
    ]) {
      for (const enctype of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
        const response = await attack(page, attackerOrigin, `${appOrigin}${path}`, enctype);
        expect(response.status(), `${path} (${enctype}): ${await response.text()}`).not.toBe(200);
        expect([403, 404, 415]).toContain(response.status());
        // Still signed in: the cookie was neither used to end the session nor cleared. The page's context shares
        // its cookie jar with page.request, so no reload of the app is needed to see it.
        expect(await signedInAs(page), `after ${path} (${enctype})`).toBe(ALICE);
      }
    }

    // The check can see a sign-out: the app's own request (same origin, JSON) does sign out.
    const own = await page.request.post('/%61pi/auth/signout', { data: {}, headers: { origin: appOrigin } });
    expect(own.status()).toBe(200);
    expect(await signedInAs(page)).toBeNull();
  });
}
