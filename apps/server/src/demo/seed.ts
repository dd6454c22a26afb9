import {
  DEFAULT_AVATAR_URL,
  legacyFromSalary,
  toIsoDate,
  toYearlyUsd,
  type LegacySalary,
  type SalaryRange,
  type Workplace,
} from '@jobboard/shared';
import { canonicalSkills, jobLocationText } from '../modules/jobs/job-fields.js';
import { LOCKS } from '../db/exclusive.js';
import { hashPassword } from '../modules/passwords/passwords.js';
import type { Db, Queryable } from '../db/client.js';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-data.js';
import type { GenerateOptions, GeneratedCompany, GeneratedJob } from './generated-job.js';

/** The generator and faker, loaded only when data is generated: a server on a seeded database never reads them. */
const loadGenerator = () => import('./job-generator.js');

/** A job as the bulk loaders insert it: the job model's fields; the spec's flat ones are derived here. */
export interface BulkJob {
  posterId: string;
  companyId: string;
  companyName: string;
  companyLogo: string;
  jobTitle: string;
  city: string;
  country: string;
  workplace: Workplace;
  remoteCountries: string[];
  employmentType: string;
  experienceLevel: string;
  salary: SalaryRange | null;
  skills: string[];
  description: string;
  postingDate: string;
  validThrough: string;
}

/** What an old client reads for a job without pay. */
const NO_PAY: LegacySalary = { minPrice: 'Negotiable', maxPrice: 'Negotiable', salaryType: 'Yearly' };

/** One INSERT per batch through unnest(): tens of thousands of rows a second on either database. */
export async function insertJobsBulk(
  db: Queryable,
  jobs: BulkJob[],
  today: string = toIsoDate(new Date()),
): Promise<void> {
  if (jobs.length === 0) return;
  const column = <T>(get: (job: BulkJob) => T) => jobs.map(get);
  const legacy = jobs.map((j) => (j.salary ? legacyFromSalary(j.salary) : NO_PAY));
  await db.query(
    `INSERT INTO jobs (poster_id, company_id, job_title, company_name, company_logo, job_location, city, country, workplace,
                       remote_countries, employment_type, experience_level, salary_type, min_price, max_price, max_price_k,
                       salary_min, salary_max, salary_currency, salary_period, pay_yearly_usd, posting_date, valid_through,
                       status, description, skills, skill_keys)
     SELECT poster, company, title, cname, clogo, loc, city, country, workplace, string_to_array(rc, ','), et, el, st, minp, maxp, maxk,
            smin, smax, scur, sper, pay, posted, valid, CASE WHEN valid < $26::date THEN 'expired' ELSE 'open' END, descr, sk,
            ARRAY(SELECT lower(s ->> 'value') FROM jsonb_array_elements(sk) s)
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                   $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::numeric[], $17::numeric[],
                   $18::numeric[], $19::text[], $20::text[], $21::bigint[], $22::date[], $23::date[], $24::text[], $25::jsonb[])
         AS t(poster, company, title, cname, clogo, loc, city, country, workplace, rc, et, el, st, minp, maxp, maxk, smin, smax,
              scur, sper, pay, posted, valid, descr, sk)`,
    [
      column((j) => j.posterId),
      column((j) => j.companyId),
      column((j) => j.jobTitle),
      column((j) => j.companyName),
      column((j) => j.companyLogo),
      column((j) => jobLocationText(j.city, j.country, j.workplace)),
      column((j) => j.city),
      column((j) => j.country),
      column((j) => j.workplace),
      column((j) => (j.workplace === 'remote' ? j.remoteCountries.join(',') : '')),
      column((j) => j.employmentType),
      column((j) => j.experienceLevel),
      legacy.map((l) => l.salaryType),
      legacy.map((l) => l.minPrice),
      legacy.map((l) => l.maxPrice),
      column((j) => (j.salary ? j.salary.max / 1000 : null)),
      column((j) => j.salary?.min ?? null),
      column((j) => j.salary?.max ?? null),
      column((j) => j.salary?.currency ?? null),
      column((j) => j.salary?.period ?? null),
      column((j) => (j.salary ? toYearlyUsd(j.salary) : null)),
      column((j) => j.postingDate),
      column((j) => j.validThrough),
      column((j) => j.description),
      column((j) => JSON.stringify(canonicalSkills(j.skills.map((value) => ({ value }))))),
      today,
    ],
  );
}

/** Companies with their creators as members; answers their ids in order. */
export async function insertCompaniesBulk(
  db: Queryable,
  companies: (Omit<GeneratedCompany, 'key'> & { createdBy: string })[],
): Promise<string[]> {
  if (companies.length === 0) return [];
  const rows = await db.query<{ id: string }>(
    `INSERT INTO companies (slug, name, logo, website, description, created_by)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::uuid[]) RETURNING id`,
    [
      companies.map((c) => c.slug),
      companies.map((c) => c.name),
      companies.map((c) => c.logo),
      companies.map((c) => c.website),
      companies.map((c) => c.description),
      companies.map((c) => c.createdBy),
    ],
  );
  await db.query(
    "INSERT INTO company_members (company_id, user_id, role) SELECT *, 'owner' FROM unnest($1::uuid[], $2::uuid[])",
    [rows.map((r) => r.id), companies.map((c) => c.createdBy)],
  );
  return rows.map((r) => r.id);
}

/** A generated job placed under its company, posted by that company's creator. */
function toBulkJob(job: GeneratedJob, company: { id: string; name: string; logo: string; createdBy: string }): BulkJob {
  return {
    posterId: company.createdBy,
    companyId: company.id,
    companyName: company.name,
    companyLogo: company.logo,
    jobTitle: job.jobTitle,
    city: job.city,
    country: job.country,
    workplace: job.workplace,
    remoteCountries: job.remoteCountries,
    employmentType: job.employmentType,
    experienceLevel: job.experienceLevel,
    salary: job.salary,
    skills: job.skills,
    description: job.description,
    postingDate: job.postingDate,
    validThrough: job.validThrough,
  };
}

export async function insertUsersBulk(
  db: Queryable,
  users: { name: string; username: string; email: string; resume: string }[],
  passwordHash: string,
): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO users (name, username, email, password_hash, avatar, resume, email_verified_at)
     SELECT n, u, e, $4, $5, r, now() FROM unnest($1::text[], $2::text[], $3::text[], $6::text[]) AS t(n, u, e, r)
     RETURNING id`,
    [
      users.map((u) => u.name),
      users.map((u) => u.username),
      users.map((u) => u.email),
      passwordHash,
      DEFAULT_AVATAR_URL,
      users.map((u) => u.resume),
    ],
  );
  return rows.map((r) => r.id);
}

/** The spec's four cities by country: most demo jobs are there (the sidebar's Location options find them). */
const SPEC_CITIES: Record<string, string[]> = { GB: ['London'], ES: ['Madrid'], US: ['Seattle', 'Boston'] };

/**
 * 60 demo jobs: 45 generated in the spec's countries, moved to the spec's city of that country (so pay stays in
 * that country's currency and range), 8 remote ones and 7 from elsewhere in the world.
 */
function demoJobs(
  generateJobs: (count: number, options: GenerateOptions) => Iterable<GeneratedJob>,
  options: GenerateOptions,
): GeneratedJob[] {
  const pool = [...generateJobs(4_000, options)];
  const quota: Record<string, number> = { GB: 12, ES: 11, US: 22 };
  const local = pool.filter((j) => j.workplace !== 'remote' && (quota[j.country] = (quota[j.country] ?? 0) - 1) >= 0);
  const remote = pool.filter((j) => j.workplace === 'remote').slice(0, 8);
  const elsewhere = [
    ...remote,
    ...pool.filter((j) => j.workplace !== 'remote' && !local.includes(j) && !SPEC_CITIES[j.country]).slice(0, 7),
  ];
  const moved = local.map((job, i) => {
    const cities = SPEC_CITIES[job.country] ?? [];
    const city = cities[i % cities.length] ?? job.city;
    return { ...job, city, description: job.description.split(job.city).join(city) };
  });
  return [...moved, ...elsewhere];
}

/**
 * The demo set loaded on first start: four people with known passwords (README), their companies, about 60 jobs
 * (most in the spec's four cities, the rest anywhere, some remote) and some applications both ways.
 */
export async function seedDemoDataIfEmpty(db: Db, today: Date = new Date()): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
  if (count > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    // Instances starting together on an empty database: one seeds, the others wait here, then find users and stop.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.demoData]);
    const [again] = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
    if ((again?.count ?? 0) > 0) return false;
    const { companiesFor, generateJobs } = await loadGenerator();
    const ids = await insertUsersBulk(
      tx,
      DEMO_USERS.map((u) => ({
        ...u,
        resume: u.username === 'bob' ? 'https://example.com/resumes/bob-okafor.pdf' : '',
      })),
      passwordHash,
    );
    const [alice, bob, carol, dan] = ids;
    if (!alice || !bob || !carol || !dan) throw new Error('demo users were not created');
    const options = { seed: 20_261_121, now: today, daysBack: 25, companies: 9 };
    const generated = companiesFor(4_000, options);
    const owners = [alice, alice, alice, alice, carol, carol, carol, dan, dan];
    const companyIds = await insertCompaniesBulk(
      tx,
      generated.map((c, i) => ({ ...c, createdBy: owners[i % owners.length] ?? alice })),
    );
    const companies = new Map(
      generated.map((c, i) => [
        c.key,
        { id: companyIds[i] ?? '', name: c.name, logo: c.logo, createdBy: owners[i % owners.length] ?? alice },
      ]),
    );
    const jobs = demoJobs(generateJobs, options)
      .map((job) => {
        const company = companies.get(job.companyKey);
        if (!company) throw new Error(`no company ${job.companyKey}`);
        return toBulkJob(job, company);
      })
      .sort((a, b) => a.postingDate.localeCompare(b.postingDate));
    await insertJobsBulk(tx, jobs, toIsoDate(today));
    const newest = await tx.query<{ id: string; poster_id: string }>(
      `SELECT id, poster_id FROM jobs WHERE status = 'open' ORDER BY posting_date DESC, seq DESC`,
    );
    const jobsOf = (posterId: string) => newest.filter((j) => j.poster_id === posterId).map((j) => j.id);
    const applications: [string, string][] = [
      ...jobsOf(alice)
        .slice(0, 5)
        .map((job) => [bob, job] as [string, string]),
      ...jobsOf(carol)
        .slice(0, 2)
        .map((job) => [bob, job] as [string, string]),
      ...jobsOf(alice)
        .slice(1, 4)
        .map((job) => [carol, job] as [string, string]),
      ...jobsOf(carol)
        .slice(0, 2)
        .map((job) => [alice, job] as [string, string]),
      ...jobsOf(alice)
        .slice(2, 3)
        .map((job) => [dan, job] as [string, string]),
    ];
    await tx.query(
      `INSERT INTO applications (user_id, job_id, applied_at)
       SELECT u, j, now() - (o * interval '7 hours') FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS t(u, j, o)`,
      [applications.map(([u]) => u), applications.map(([, j]) => j)],
    );
    return true;
  });
}

export interface BulkSeedOptions {
  jobs: number;
  users: number;
  seed?: number;
  batchSize?: number;
  /** Once the load is found or begun: how many of its jobs are already written (a resumed load's). */
  onStart?: (done: number) => void;
  /** After each batch of jobs is committed: how many of this load's jobs are written. */
  onProgress?: (done: number) => void;
}

type BulkCompany = { id: string; name: string; logo: string; createdBy: string };

interface BulkLoad {
  stamp: string;
  jobsDone: number;
  companies: Map<string, BulkCompany>;
}

/**
 * The load to write into: one with the same options that stopped before its end (its users, companies and the
 * number of jobs it wrote are read back), or a new one, whose users and companies commit with its row.
 */
async function startOrResume(db: Db, options: BulkSeedOptions, generated: GeneratedCompany[]): Promise<BulkLoad> {
  const seed = options.seed ?? 42;
  const users = Math.max(1, options.users);
  const [unfinished] = await db.query<{ stamp: string; jobs_done: number }>(
    `SELECT stamp, jobs_done FROM bulk_loads WHERE finished_at IS NULL AND seed = $1 AND jobs = $2 AND users = $3
      ORDER BY started_at DESC LIMIT 1`,
    [seed, options.jobs, users],
  );
  const stamp = unfinished?.stamp ?? Date.now().toString(36);
  const slugOf = (c: GeneratedCompany) => `${c.slug}-${stamp}`;
  const ids = unfinished
    ? await readLoad(db, stamp, generated.map(slugOf))
    : await db.transaction(async (tx) => {
        const created = await writeUsersAndCompanies(
          tx,
          stamp,
          users,
          generated.map((c) => ({ ...c, slug: slugOf(c) })),
        );
        await tx.query('INSERT INTO bulk_loads (stamp, seed, jobs, users) VALUES ($1, $2, $3, $4)', [
          stamp,
          seed,
          options.jobs,
          users,
        ]);
        return created;
      });
  const companies = new Map(
    generated.map((c, i) => {
      const owner = ids.userIds[i % ids.userIds.length] ?? '';
      return [c.key, { id: ids.companyIds.get(slugOf(c)) ?? '', name: c.name, logo: c.logo, createdBy: owner }];
    }),
  );
  return { stamp, jobsDone: unfinished?.jobs_done ?? 0, companies };
}

interface LoadIds {
  userIds: string[];
  companyIds: Map<string, string>;
}

async function writeUsersAndCompanies(
  tx: Queryable,
  stamp: string,
  users: number,
  companies: Omit<GeneratedCompany, 'key'>[],
): Promise<LoadIds> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userIds: string[] = [];
  for (let start = 0; start < users; start += 5_000) {
    const chunk = Array.from({ length: Math.min(5_000, users - start) }, (_, i) => {
      const n = start + i;
      return {
        name: `Seed User ${n}`,
        username: `seed-${stamp}-${n}`,
        email: `seed-${stamp}-${n}@example.com`,
        resume: '',
      };
    });
    userIds.push(...(await insertUsersBulk(tx, chunk, passwordHash)));
  }
  const companyIds = new Map<string, string>();
  for (let start = 0; start < companies.length; start += 1_000) {
    const chunk = companies
      .slice(start, start + 1_000)
      .map((c, i) => ({ ...c, createdBy: userIds[(start + i) % userIds.length] ?? '' }));
    const ids = await insertCompaniesBulk(tx, chunk);
    chunk.forEach((c, i) => companyIds.set(c.slug, ids[i] ?? ''));
  }
  return { userIds, companyIds };
}

/** A stopped load's users (in the order they were made) and companies, by slug. */
async function readLoad(db: Queryable, stamp: string, slugs: string[]): Promise<LoadIds> {
  const prefix = `seed-${stamp}-`;
  const users = await db.query<{ id: string }>(
    `SELECT id FROM users WHERE username LIKE $1 || '%' ORDER BY substring(username FROM length($1) + 1)::int`,
    [prefix],
  );
  const companies = await db.query<{ id: string; slug: string }>(
    'SELECT id, slug FROM companies WHERE slug = ANY($1::text[])',
    [slugs],
  );
  return { userIds: users.map((u) => u.id), companyIds: new Map(companies.map((c) => [c.slug, c.id])) };
}

/**
 * `npm run seed -- --jobs N --users M`: realistic (job-generator.ts), deterministic bulk data. A load that stopped
 * (a crash, Ctrl-C) resumes when run again with the same options: each batch of jobs commits with the count written.
 */
export async function seedBulk(db: Db, options: BulkSeedOptions): Promise<void> {
  const { companiesFor, generateJobs } = await loadGenerator();
  const today = new Date();
  const generateOptions = { seed: options.seed ?? 42, now: today, daysBack: 60 };
  const load = await startOrResume(db, options, companiesFor(options.jobs, generateOptions));
  options.onStart?.(load.jobsDone);
  const batchSize = options.batchSize ?? 5_000;
  const writeBatch = async (batch: BulkJob[]) => {
    await db.transaction(async (tx) => {
      // A bulk load is not a request: a batch on a busy machine may take longer than the pool's statement timeout.
      await tx.query('SET LOCAL statement_timeout = 0');
      await insertJobsBulk(
        tx,
        batch.sort((a, b) => a.postingDate.localeCompare(b.postingDate)),
        toIsoDate(today),
      );
      await tx.query('UPDATE bulk_loads SET jobs_done = jobs_done + $2 WHERE stamp = $1', [load.stamp, batch.length]);
    });
    load.jobsDone += batch.length;
    options.onProgress?.(load.jobsDone);
  };
  let batch: BulkJob[] = [];
  let seen = 0;
  for (const job of generateJobs(options.jobs, generateOptions)) {
    // The jobs a stopped load wrote are generated again (the generator is deterministic) and passed over.
    if (seen++ < load.jobsDone) continue;
    const company = load.companies.get(job.companyKey);
    if (!company) throw new Error(`no company ${job.companyKey}`);
    batch.push(toBulkJob(job, company));
    if (batch.length >= batchSize) {
      await writeBatch(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await writeBatch(batch);
  // Fresh statistics for the planner (PGlite has no autovacuum to gather them). At a million jobs ANALYZE takes
  // longer than a request's statement timeout: it runs in a transaction of its own without one.
  const tables = ['jobs', 'companies'];
  await db.transaction((tx) =>
    tx.exec(`SET LOCAL statement_timeout = 0; ${tables.map((t) => `ANALYZE ${t};`).join(' ')}`),
  );
  await db.query('UPDATE bulk_loads SET finished_at = now() WHERE stamp = $1', [load.stamp]);
}
