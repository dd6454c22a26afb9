import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDb, expectErrorShape, postJob, signUpAndSignIn, type TestApp } from './helpers.js';

describeEachDb('GET /embed/companies/:slug (issue 36 item 5)', (kind) => {
  let t: TestApp;
  let slug = '';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp(kind, { publicUrl: 'https://jobs.example' });
    const owner = await signUpAndSignIn(t.app);
    const company = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { cookie: owner.cookie },
      payload: { name: `Embedded ${kind}` },
    });
    const { id, slug: made } = company.json<{ id: string; slug: string }>();
    slug = made;
    const post = (jobTitle: string, extra: Record<string, unknown>) =>
      postJob(t.app, owner.cookie, { companyId: id, jobTitle, ...extra });
    ids.berlin = await post('Backend Engineer', {
      location: { city: 'Berlin', country: 'DE' },
      employmentType: 'Full-time',
    });
    ids.paris = await post('Part-time Designer', {
      location: { city: 'Paris', country: 'FR' },
      employmentType: 'Part-time',
    });
    ids.hostile = await post('Tester <script>alert(1)</script>', { location: { city: 'Lyon', country: 'FR' } });
    ids.closed = await post('Closed Role', { location: { city: 'Berlin', country: 'DE' } });
    const closed = await t.app.inject({
      method: 'PATCH',
      url: `/api/job/update-job/${ids.closed}`,
      headers: { cookie: owner.cookie },
      payload: { status: 'closed' },
    });
    expect(closed.statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  const embed = (query = '') => t.app.inject({ url: `/embed/companies/${slug}${query}` });

  it('is a small script-free page any site may frame, listing the open jobs with links to the board', async () => {
    const response = await embed();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.body).not.toMatch(/<script/i);
    expect(response.body).toContain('Tester &lt;script&gt;alert(1)&lt;/script&gt;');
    for (const key of ['berlin', 'paris', 'hostile'])
      expect(response.body).toContain(`href="https://jobs.example/job/${ids[key]}" target="_blank" rel="noopener"`);
    expect(response.body).not.toContain(ids.closed);
    expect(response.body).toContain('Berlin, Germany · Full-time');
    expect(Buffer.byteLength(response.body)).toBeLessThan(10 * 1024);
  });

  it('filters by place as typed (city or country name) and by employment type', async () => {
    const berlin = (await embed('?place=berlin')).body;
    expect(berlin).toContain('Backend Engineer');
    expect(berlin).not.toContain('Part-time Designer');
    const france = (await embed('?place=France')).body;
    expect(france).toContain('Part-time Designer');
    expect(france).not.toContain('Backend Engineer');
    const partTime = (await embed('?type=Part-time')).body;
    expect(partTime).toContain('Part-time Designer');
    expect(partTime).not.toContain('Backend Engineer');
    expect((await embed('?place=Tokyo')).body).toContain('No open jobs at');
    expect((await embed('?theme=dark&accent=%23ff0066&limit=1')).body).toContain('--accent:#ff0066');
  });

  it('answers bad options with 400 naming the option, and an unknown company with 404', async () => {
    expect(expectErrorShape(await embed('?theme=pink'), 400)).toMatch(/^theme/);
    expect(expectErrorShape(await embed('?accent=red;}body{display:none'), 400)).toMatch(/^accent/);
    expect(expectErrorShape(await embed('?limit=500'), 400)).toMatch(/^limit/);
    expect(expectErrorShape(await embed('?type=Forever'), 400)).toMatch(/^type/);
    expect(expectErrorShape(await embed('?script=1'), 400)).toMatch(/script/);
    expectErrorShape(await t.app.inject({ url: '/embed/companies/no-such-company' }), 404);
  });
});
