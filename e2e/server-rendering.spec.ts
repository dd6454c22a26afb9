import { gzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ALICE, DEMO_PASSWORD, signInFast } from './fixtures';

/**
 * The home and job pages come rendered from the server (apps/server/src/modules/pages, decision 15): their HTML
 * holds the content, head tags and JSON-LD before any script runs, and the browser takes it over without a
 * hydration error.
 */

interface Item {
  _id: string;
  jobTitle: string;
  companyName: string;
  company: { name: string; slug?: string };
}

/** The first page of results as the home page asks for them (whole words: SearchQuery.match). */
async function firstJobs(request: APIRequestContext, query = ''): Promise<Item[]> {
  const response = await request.get(`/api/job/search${query}${query ? '&' : '?'}match=words`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: Item[] }).items;
}

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
  );
const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');

/** Console errors and uncaught errors of a page (a failed hydration is reported as one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Holds the app's scripts back until the returned function is called: the page stays the server's, with nothing
 * listening, as on a slow phone before the app has started.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Delays every script whose address matches `pattern` by `ms`: the page's screens arrive late, as on a slow phone. */
async function delayScripts(page: Page, pattern: RegExp, ms: number): Promise<void> {
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

test.describe('server-rendered pages', () => {
  test("a job page's HTML holds the job, its head tags and its JobPosting before any script runs", async ({
    request,
  }) => {
    const [job] = await firstJobs(request);
    if (!job) throw new Error('demo data has no open job');
    const response = await request.get(`/job/${job._id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const company = job.company.name || job.companyName;
    expect(decode(html)).toContain(`<title>${job.jobTitle} at ${company} | Jobboard</title>`);
    expect(decode(html)).toMatch(new RegExp(`<h1[^>]*>${job.jobTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+/job/${job._id}" />`));
    expect(html).toContain('<meta property="og:title"');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
    expect(html).not.toContain('name="robots"');
    const [posting] = jsonLd(html);
    expect(posting).toMatchObject({
      '@type': 'JobPosting',
      title: job.jobTitle,
      hiringOrganization: { name: company },
      directApply: true,
    });
    // The state the browser hydrates from travels as data, not as a script to run (Content-Security-Policy).
    expect(html).toContain('<script type="application/json" id="ssr-state">');
  });

  test('the home page loads its app entry as a module and preloads every script the entry imports', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    const entries = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g)].map((m) => m[1]);
    expect(entries).toHaveLength(1);
    const entry = entries[0] ?? '';
    expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const seen = new Set<string>();
    const importsOf = async (file: string): Promise<void> => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = await (await request.get(file)).text();
      for (const m of source.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) await importsOf(`/assets/${m[1]}`);
    };
    await importsOf(entry);
    seen.delete(entry);
    expect(seen.size).toBeGreaterThan(0);
    expect(new Set(preloaded)).toEqual(seen);
  });

  test('the home page HTML holds the first page of results', async ({ request }) => {
    const items = await firstJobs(request, '?q=engineer');
    expect(items.length).toBeGreaterThan(0);
    const html = decode(await (await request.get('/?q=engineer')).text());
    for (const item of items.slice(0, 5)) expect(html).toContain(item.jobTitle);
    expect(html).toContain('<link rel="canonical" href="http://');
  });

  test('a closed job answers 410 with its page and no markup; a missing one 404 with "Job not found"', async ({
    playwright,
    baseURL,
  }) => {
    const alice = await playwright.request.newContext({ baseURL: baseURL ?? '' });
    expect((await alice.post('/api/auth/signin', { data: { email: ALICE, password: DEMO_PASSWORD } })).status()).toBe(
      200,
    );
    const posted = await alice.post('/api/job/post-job', {
      data: {
        jobTitle: 'Closed Rendering Tester',
        companyName: 'Acme Inc',
        companyLogo: 'https://example.com/logo.png',
        jobLocation: 'London',
        employmentType: 'Full-time',
        experienceLevel: 'Any Experience',
        salaryType: 'Yearly',
        minPrice: '$20k',
        maxPrice: '$120k',
        description: 'A job that closes at once, to see what its page answers.',
        skills: [{ value: 'JavaScript', label: 'JavaScript' }],
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const { insertedId } = (await posted.json()) as { insertedId: string };
    const open = await alice.get(`/job/${insertedId}`);
    expect(open.status()).toBe(200);
    expect(jsonLd(await open.text())).toHaveLength(1);

    expect((await alice.patch(`/api/job/update-job/${insertedId}`, { data: { status: 'closed' } })).status()).toBe(200);
    const closed = await alice.get(`/job/${insertedId}`);
    expect(closed.status()).toBe(410);
    const closedHtml = await closed.text();
    expect(closedHtml).toContain('Closed Rendering Tester');
    expect(closedHtml).toContain('This job is no longer accepting applications');
    expect(closedHtml).toContain('<meta name="robots" content="noindex" />');
    expect(jsonLd(closedHtml)).toEqual([]);
    await alice.dispose();

    const missing = await playwright.request.newContext({ baseURL: baseURL ?? '' });
    const gone = await missing.get('/job/0b6c3a52-9a0e-4c55-9d55-6b1f2a3c4d5e');
    expect(gone.status()).toBe(404);
    const goneHtml = await gone.text();
    expect(goneHtml).toContain('Job not found');
    expect(goneHtml).toContain('<title>Job not found | Jobboard</title>');
    expect(jsonLd(goneHtml)).toEqual([]);
    await missing.dispose();
  });

  test('without JavaScript the job page still shows the job', async ({ browser, request }) => {
    const [job] = await firstJobs(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/job/${job?._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(job?.jobTitle ?? '');
    await expect(page.getByRole('heading', { name: 'Job description' })).toBeVisible();
    await context.close();
  });

  test('the browser takes a job page over without a hydration error, in the dark theme too, and it works', async ({
    page,
    request,
  }) => {
    const [job] = await firstJobs(request);
    const errors = collectErrors(page);
    await page.goto(`/job/${job?._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(job?.jobTitle ?? '');
    // Apply answers a visitor with the way to sign in: the page's handlers are attached.
    await page.getByRole('button', { name: 'Apply Now' }).click();
    await expect(page.getByRole('link', { name: 'Sign in to apply for jobs' })).toBeVisible();
    await expect(page).toHaveTitle(
      new RegExp(`^${job?.jobTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} at .+ \\| Jobboard$`),
    );

    // A saved dark theme is known to the browser only: the page is taken over as rendered, then the toggle follows.
    await page.evaluate(() =>
      localStorage.setItem('root', JSON.stringify({ state: { theme: { darkMode: true } }, version: 1 })),
    );
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('aria-label', 'Switch to light mode');
    expect(errors).toEqual([]);
  });

  test('the job and company pages are taken over in place, their screens arriving after the entry', async ({
    page,
    request,
  }) => {
    const [job] = await firstJobs(request);
    const slug = job?.company.slug;
    if (!job || !slug) throw new Error('demo data has no open job with a company page');
    // Each screen's chunk arrives well after the entry has started hydrating.
    await delayScripts(page, /\/assets\/(JobPage|CompanyPage|PageCrumb)-[\w-]+\.js$/, 700);
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removedFromMain: string[] }).removedFromMain = removed;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of Array.from(record.removedNodes))
            if (node instanceof Element && (record.target as Element).closest('main'))
              removed.push(`${node.nodeName}.${node.className}`);
      }).observe(document, { childList: true, subtree: true });
    });
    const removedFromMain = () =>
      page.evaluate(() => (window as unknown as { removedFromMain: string[] }).removedFromMain);
    const errors = collectErrors(page);
    for (const [path, ready] of [
      [`/job/${job._id}`, page.getByRole('button', { name: 'Apply Now' })],
      [`/company/${slug}`, page.getByRole('heading', { level: 1 })],
    ] as const) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(ready).toBeVisible();
      // The server's markup was kept: none of it made way for a loading placeholder and came back rendered anew.
      expect(await removedFromMain()).toEqual([]);
    }
    // Signed in, the header holds more (the account menu, unread counts) and the other tabs are listened to.
    await signInFast(page, ALICE);
    await page.goto(`/job/${job._id}`);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: 'Save job' })).toBeVisible();
    expect(await removedFromMain()).toEqual([]);
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect(page.locator('#results-heading')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("a visitor's job and company pages download at most 150 and 155 KB of gzipped JavaScript, no forms' schemas", async ({
    browser,
    baseURL,
    request,
  }) => {
    const job = (await firstJobs(request)).find((item) => item.company.slug);
    if (!job) throw new Error('demo data has no open job with a company page');
    // Guards at the sizes measured (145 and 151 KB, docs/performance.md), not issue 31's target of 110 KB.
    for (const [path, ready, budgetKb] of [
      [`/job/${job._id}`, 'Apply Now', 150],
      [`/company/${job.company.slug}`, 'Open jobs', 155],
    ] as const) {
      // A new context each: an empty cache, so this is a first visit.
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      const sizes = new Map<string, number>();
      page.on('response', (response) => {
        const file = new URL(response.url()).pathname;
        if (file.endsWith('.js'))
          void response.body().then((body) => sizes.set(file, gzipSync(body, { level: 9 }).length));
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole(path.startsWith('/job/') ? 'button' : 'heading', { name: ready })).toBeVisible();
      const files = [...sizes.keys()];
      // The crumb's catalogue comes alone and the server's text map holds no schema: zod, the forms and the
      // members' panels stay with the screens using them.
      expect(
        files.filter((file) => /\/(zod|[\w-]*-schemas|CompanyEditForm|MembersPanel)-/.test(file)),
        path,
      ).toEqual([]);
      if (path.startsWith('/job/')) expect(files.filter((file) => file.includes('/server-text-'))).toEqual([]);
      const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
      expect(total, `${path}: ${files.join(' ')}`).toBeLessThanOrEqual(budgetKb * 1024);
      await context.close();
    }
  });

  test("a language chosen before the job page's screen has arrived turns the page, with no hydration error", async ({
    page,
    request,
  }) => {
    const [job] = await firstJobs(request);
    await delayScripts(page, /\/assets\/JobPage-[\w-]+\.js$/, 1500);
    const errors = collectErrors(page);
    await page.goto(`/job/${job?._id}`, { waitUntil: 'load' });
    // The header is the app's already; the job's part is still the server's HTML, waiting for its chunk.
    await expect(async () => {
      await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('de', { timeout: 500 });
      await expect(page.locator('html')).toHaveAttribute('lang', 'de', { timeout: 500 });
    }).toPass({ timeout: 5000 });
    await expect(page.getByRole('heading', { name: 'Stellenbeschreibung' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sprache', exact: true })).toHaveValue('de');
    expect(errors).toEqual([]);
  });

  test('the browser takes the home page over without a hydration error and searches', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/?q=engineer');
    await expect(page.locator('#results-heading')).toHaveText(/\d.* Jobs?$/);
    // The search's three feeds are named once, in the head (React adopts the server's elements); the page's
    // x-default alternate (decision 48) is the server's alone.
    await expect(page.locator('head link[rel="alternate"][type]')).toHaveCount(3);
    await expect(page.locator('head link[rel="alternate"][hreflang="x-default"]')).toHaveCount(1);
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      'href',
      '/feed.rss?q=engineer',
    );
    await expect(page.locator('body link')).toHaveCount(0);
    const box = page.getByRole('combobox', { name: 'What: job title, company, skill or words' });
    await box.fill('designer');
    await box.press('Enter');
    await expect(page).toHaveURL(/q=designer/);
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      'href',
      '/feed.rss?q=designer',
    );
    await expect(page.locator('head link[rel="alternate"][type]')).toHaveCount(3);
    expect(errors).toEqual([]);
  });

  test('before the scripts have run, Next is a plain request for the next page of the same search', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const release = await holdScripts(page);
    await page.goto('/?q=engineer', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Next' }).first().click();
    await expect(page).toHaveURL(/\/\?.*q=engineer.*&page=2$/);
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    release();
    await page.waitForLoadState('networkidle');
    // The app takes the second page over and pages on by itself.
    await page.getByRole('button', { name: 'Next' }).first().click();
    await expect(page).toHaveURL(/[?&]page=3$/);
    await expect(page).toHaveURL(/[?&]q=engineer&/);
    await expect(page.getByText(/^Page 3 of \d+$/)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('without JavaScript the home page searches, filters, sorts and pages as a plain form', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('combobox', { name: 'What: job title, company, skill or words' }).fill('engineer');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/[?&]q=engineer(&|$)/);
    await expect(page.locator('#results-heading')).toHaveText(/^\d+ Jobs?$/);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page).toHaveURL(/[?&]q=engineer(&|$)/);
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    // A new choice starts again at the first page.
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters
      .getByRole('group', { name: 'Workplace' })
      .getByRole('radio', { name: /^Remote/ })
      .check();
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/[?&]workplace=remote(&|$)/);
    await expect(page).toHaveURL(/[?&]q=engineer(&|$)/);
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(page.locator('#results article').first()).toContainText(/Remote/);
    await page.getByLabel('Sort by').selectOption('pay');
    await page.getByRole('button', { name: 'Sort', exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=pay(&|$)/);
    await expect(page).toHaveURL(/[?&]workplace=remote(&|$)/);
    await context.close();
  });

  test('a search box focused before the scripts have run shows completions for what is typed after', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const box = page.getByRole('combobox', { name: 'What: job title, company, skill or words' });
    await box.focus();
    release();
    await page.waitForLoadState('networkidle');
    await box.pressSequentially('engi', { delay: 20 });
    await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('text typed into the home page before its scripts have run is kept, with its completions', async ({ page }) => {
    const errors = collectErrors(page);
    // The app's scripts wait until the text is typed.
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const box = page.getByRole('combobox', { name: 'What: job title, company, skill or words' });
    await box.pressSequentially('engi', { delay: 20 });
    release();
    await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
    await expect(box).toHaveValue('engi');
    await box.press('Enter');
    await expect(page).toHaveURL(/q=engi/);
    expect(errors).toEqual([]);
  });
});
