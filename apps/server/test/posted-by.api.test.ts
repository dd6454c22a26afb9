import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Application, Job } from '@jobboard/shared';
import { buildTestApp, describeEachDb, postJob, signUpAndSignIn, type SignedInUser, type TestApp } from './helpers.js';

/**
 * Privacy (docs/product.md, "Differences from the spec"): postedBy is the poster's e-mail only for the poster,
 * the members of the job's company and administrators; every other reader gets the poster's public name, and the
 * address appears nowhere in their answers.
 */
describeEachDb('postedBy: who reads the poster e-mail', (kind) => {
  let t: TestApp;
  let poster: SignedInUser;
  let member: SignedInUser;
  let admin: SignedInUser;
  let other: SignedInUser;
  let job: string;
  let slug: string;
  const title = 'Privacy Probe Engineer';

  beforeAll(async () => {
    const adminEmail = `privacy-admin-${Date.now()}@example.com`;
    t = await buildTestApp(kind, { adminEmails: [adminEmail] });
    [poster, member, admin, other] = await Promise.all([
      signUpAndSignIn(t.app, { name: 'Paula Poster' }),
      signUpAndSignIn(t.app),
      signUpAndSignIn(t.app, { email: adminEmail }),
      signUpAndSignIn(t.app),
    ]);
    job = await postJob(t.app, poster.cookie, { jobTitle: title, companyName: 'Privacy Co' });
    const [company] = await t.db.query<{ id: string; slug: string }>(
      'SELECT c.id, c.slug FROM companies c JOIN jobs j ON j.company_id = c.id WHERE j.id = $1',
      [job],
    );
    slug = company?.slug ?? '';
    await t.db.query('INSERT INTO company_members (company_id, user_id) VALUES ($1, $2)', [
      company?.id,
      member.user._id,
    ]);
    for (const person of [other, member]) {
      await t.app.inject({ method: 'PUT', url: `/api/saved-jobs/${job}`, headers: { cookie: person.cookie } });
    }
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/apply/apply-job',
      headers: { cookie: other.cookie },
      payload: { job },
    });
    expect(applied.statusCode).toBe(201);
  });
  afterAll(async () => t?.close());

  const get = (url: string, person?: SignedInUser) =>
    t.app.inject({ method: 'GET', url, headers: person ? { cookie: person.cookie } : {} });

  /** The job as each job-answering route gives it to `person`, with the whole answer's text. */
  async function jobAnswers(person?: SignedInUser): Promise<{ route: string; job: Job | undefined; body: string }[]> {
    const one = await get(`/api/job/all-jobs/${job}`, person);
    const search = await get(`/api/job/search?q=${encodeURIComponent(title)}`, person);
    const all = await get('/api/job/all-jobs', person);
    const company = await get(`/api/companies/${slug}`, person);
    const answers = [
      { route: 'one job', job: one.json<Job>(), body: one.body },
      { route: 'search', job: search.json<{ items: Job[] }>().items.find((j) => j._id === job), body: search.body },
      { route: 'all jobs', job: all.json<Job[]>().find((j) => j._id === job), body: all.body },
      {
        route: 'company page',
        job: company.json<{ jobs: Job[] }>().jobs.find((j) => j._id === job),
        body: company.body,
      },
    ];
    if (person) {
      const saved = await get('/api/saved-jobs', person);
      answers.push({
        route: 'saved jobs',
        job: saved.json<{ items: Job[] }>().items.find((j) => j._id === job),
        body: saved.body,
      });
    }
    return answers;
  }

  it('a visitor and another user read the public name, and the address nowhere', async () => {
    for (const person of [undefined, other]) {
      const answers = await jobAnswers(person);
      expect(answers.length).toBeGreaterThanOrEqual(4);
      for (const answer of answers) {
        expect(answer.job, answer.route).toMatchObject({ postedBy: 'Paula Poster', posterName: 'Paula Poster' });
        expect(answer.body, answer.route).not.toContain(poster.user.email);
      }
    }
  });

  it('the poster, a member of the company and an administrator read the e-mail', async () => {
    for (const [person, routes] of [
      [poster, 4],
      [member, 5],
      [admin, 4],
    ] as const) {
      const answers = (await jobAnswers(person)).filter((a) => a.job);
      expect(answers.length).toBeGreaterThanOrEqual(routes);
      for (const answer of answers)
        expect(answer.job, answer.route).toMatchObject({ postedBy: poster.user.email, posterName: 'Paula Poster' });
    }
  });

  it('the applicant reads the public name in Applied Jobs; the poster the applicant sees it from is not told', async () => {
    const seekerView = await get(`/api/apply/appliedJobs/${other.user._id}`, other);
    const mine = seekerView.json<Application[]>().find((a) => a.job === job);
    expect(mine?.postedBy).toBe('Paula Poster');
    expect(seekerView.body).not.toContain(poster.user.email);
    const posterView = (await get('/api/apply/appliedJobs', poster)).json<Application[]>().find((a) => a.job === job);
    expect(posterView?.postedBy).toBe(poster.user.email);
  });

  it('feeds carry no poster address', async () => {
    for (const url of ['/feed.rss', '/feed.atom', '/feed.json', `/api/job/search?q=${encodeURIComponent(title)}`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain(poster.user.email);
    }
  });
});
