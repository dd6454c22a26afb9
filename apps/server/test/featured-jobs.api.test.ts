import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOME_PAGE_SIZE, type AdminJobsPage, type SearchResult } from '@jobboard/shared';
import {
  buildTestApp,
  describeEachDb,
  expectErrorShape,
  postJob,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Featured jobs (issue 36, item 6): an administrator features an open job until a day; the searches it matches show
 * it first (at most two per page, the next two on each page), the featured feed lists it, and a search it does not
 * match never shows it. Answered by the index and, before it loads, by the reference: both are checked.
 */
describeEachDb('featured jobs', (kind) => {
  for (const engine of ['memory', 'off'] as const) {
    let t: TestApp;
    let admin: SignedInUser;
    let poster: SignedInUser;
    const jobs: Record<string, string> = {};
    const idOf = (title: string) => {
      const id = jobs[title];
      if (!id) throw new Error(`no job ${title}`);
      return id;
    };
    const adminEmail = `featured-admin-${kind}-${engine}@example.com`;
    const search = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/job/search?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SearchResult>();
    };
    const feature = (id: string, until: string | null, reason = 'Sponsored') =>
      t.app.inject({
        method: until === null ? 'DELETE' : 'PUT',
        url: `/api/admin/jobs/${id}/featured`,
        headers: { cookie: admin.cookie },
        payload: until === null ? { reason } : { until, reason },
      });

    beforeAll(async () => {
      t = await buildTestApp(kind, { adminEmails: [adminEmail], searchIndex: engine });
      [admin, poster] = await Promise.all([
        signUpAndSignIn(t.app, { email: adminEmail, name: 'Featuring Admin' }),
        signUpAndSignIn(t.app, { name: 'Featured Poster' }),
      ]);
      for (const title of ['Gardener One', 'Gardener Two', 'Gardener Three', 'Baker Four']) {
        jobs[title] = await postJob(t.app, poster.cookie, { jobTitle: title });
      }
      for (let i = 0; i < 12; i += 1) await postJob(t.app, poster.cookie, { jobTitle: `Gardener Filler ${i}` });
      if (engine === 'memory') {
        for (let i = 0; i < 200 && (await t.app.inject({ url: '/api/ready' })).statusCode !== 200; i += 1)
          await new Promise((resolve) => setTimeout(resolve, 25));
      }
    });
    afterAll(async () => t?.close());

    it(`shows featured matches first, two a page, and never outside their searches (${engine})`, async () => {
      expect((await search('q=gardener')).featured).toBeUndefined();
      for (const title of ['Gardener One', 'Gardener Two', 'Gardener Three', 'Baker Four']) {
        const response = await feature(idOf(title), day(7));
        expect(response.statusCode, response.body).toBe(200);
      }
      const titles = (result: SearchResult) => result.featured?.map((job) => job.jobTitle);
      // Newest first: the two featured gardeners posted last on page 1, the third on page 2, none on page 3.
      expect(titles(await search('q=gardener'))).toEqual(['Gardener Three', 'Gardener Two']);
      expect(titles(await search('q=gardener&page=2'))).toEqual(['Gardener One']);
      expect((await search('q=gardener&page=3')).featured).toBeUndefined();
      // The baker matches "baker" only: never in the gardeners' searches, first in its own.
      expect(titles(await search('q=baker'))).toEqual(['Baker Four']);
      expect(titles(await search('q=nobody-matches-this'))).toBeUndefined();
      // The items are the search's own, unchanged: a full page, featured or not.
      const all = await search('q=gardener');
      expect(all.total).toBe(15);
      expect(all.items).toHaveLength(HOME_PAGE_SIZE);
    });

    it(`stops featuring on request and after the last day, and lists the featured feed (${engine})`, async () => {
      const feed = await t.app.inject({ url: '/feed.json?featured=1&q=gardener' });
      expect(feed.statusCode, feed.body).toBe(200);
      const items = feed.json<{ title: string; items: { title: string }[] }>();
      expect(items.title).toMatch(/featured/);
      expect(items.items.map((item) => item.title.replace(/ at .*/, ''))).toEqual([
        'Gardener Three',
        'Gardener Two',
        'Gardener One',
      ]);
      expect((await feature(idOf('Gardener Three'), null, 'Campaign over')).statusCode).toBe(200);
      expect((await search('q=gardener')).featured?.map((job) => job.jobTitle)).toEqual([
        'Gardener Two',
        'Gardener One',
      ]);
      // Featured until yesterday is refused; until today it shows today.
      expect(expectErrorShape(await feature(idOf('Gardener Two'), day(-1)), 400)).toMatch(/^until/);
      expect(expectErrorShape(await feature(idOf('Gardener Two'), day(400)), 400)).toMatch(/^until/);
      expect(expectErrorShape(await feature(idOf('Gardener Two'), 'soon'), 400)).toMatch(/^until/);
      await t.db.query(`UPDATE jobs SET featured_until = CURRENT_DATE - 1 WHERE id = $1`, [idOf('Gardener Two')]);
      expect((await search('q=gardener')).featured?.map((job) => job.jobTitle)).toEqual(['Gardener One']);
      const listed = await t.app.inject({ url: '/api/admin/jobs?q=gardener%20one', headers: { cookie: admin.cookie } });
      expect(listed.json<AdminJobsPage>().items[0]?.featuredUntil).toBe(day(7));
    });

    it(`features open jobs only, for administrators only, each in the audit log (${engine})`, async () => {
      const closed = await postJob(t.app, poster.cookie, { jobTitle: 'Closed Gardener' });
      await t.app.inject({
        method: 'PATCH',
        url: `/api/job/update-job/${closed}`,
        headers: { cookie: poster.cookie },
        payload: { status: 'closed' },
      });
      expectErrorShape(await feature(closed, day(3)), 409);
      const asPoster = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/jobs/${idOf('Baker Four')}/featured`,
        headers: { cookie: poster.cookie },
        payload: { until: day(3), reason: 'Me' },
      });
      expectErrorShape(asPoster, 403);
      const audit = await t.app.inject({
        url: '/api/admin/audit?action=job.feature',
        headers: { cookie: admin.cookie },
      });
      const reasons = audit.json<{ items: { reason: string }[] }>().items.map((entry) => entry.reason);
      expect(reasons).toContain(`Sponsored (until ${day(7)})`);
      const off = await t.app.inject({
        url: '/api/admin/audit?action=job.unfeature',
        headers: { cookie: admin.cookie },
      });
      expect(off.json<{ items: { reason: string }[] }>().items.map((entry) => entry.reason)).toEqual(['Campaign over']);
    });
  }
});
