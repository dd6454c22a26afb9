import { DEFAULT_AVATAR_URL, parseSalaryThousands, toIsoDate } from '@jobboard/shared';
import { compactFacetCounts } from '../modules/jobs/search.repository.js';
import { hashPassword } from '../modules/passwords/passwords.js';
import type { Db, Queryable } from './client.js';
import { DEMO_PASSWORD, DEMO_USERS, createRandom, generateJob, type GeneratedJob } from './demo-data.js';

type JobToInsert = GeneratedJob & { posterId: string };

/** One INSERT per batch through unnest(): tens of thousands of rows a second on either database. */
export async function insertJobsBulk(db: Queryable, jobs: JobToInsert[]): Promise<void> {
  if (jobs.length === 0) return;
  const column = <T>(get: (job: JobToInsert) => T) => jobs.map(get);
  await db.query(
    `INSERT INTO jobs (poster_id, job_title, company_name, company_logo, job_location, employment_type,
                       experience_level, salary_type, min_price, max_price, max_price_k, posting_date,
                       description, skills)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                          $8::text[], $9::text[], $10::text[], $11::numeric[], $12::date[], $13::text[], $14::jsonb[])`,
    [
      column((j) => j.posterId),
      column((j) => j.jobTitle),
      column((j) => j.companyName),
      column((j) => j.companyLogo),
      column((j) => j.jobLocation),
      column((j) => j.employmentType),
      column((j) => j.experienceLevel),
      column((j) => j.salaryType),
      column((j) => j.minPrice),
      column((j) => j.maxPrice),
      column((j) => parseSalaryThousands(j.maxPrice)),
      column((j) => j.postingDate),
      column((j) => j.description),
      column((j) => JSON.stringify(j.skills)),
    ],
  );
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
    [users.map((u) => u.name), users.map((u) => u.username), users.map((u) => u.email), passwordHash, DEFAULT_AVATAR_URL, users.map((u) => u.resume)],
  );
  return rows.map((r) => r.id);
}

/** Oldest first, so that insertion order (the tie-breaker) agrees with posting dates. */
function byPostingDate(a: GeneratedJob, b: GeneratedJob): number {
  return a.postingDate.localeCompare(b.postingDate);
}

/**
 * The demo set loaded on first start: four people with known passwords (README), about 60 jobs over the
 * spec's locations, types, levels and skills, and some applications both ways.
 */
export async function seedDemoDataIfEmpty(db: Db, today: Date = new Date()): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
  if (count > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
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
    const random = createRandom(20_261_121);
    const posters = [...Array<string>(30).fill(alice), ...Array<string>(20).fill(carol), ...Array<string>(10).fill(dan)];
    const jobs = posters.map((posterId) => ({ ...generateJob(random, today, 45), posterId })).sort(byPostingDate);
    await insertJobsBulk(tx, jobs);
    const newest = await tx.query<{ id: string; poster_id: string }>(
      'SELECT id, poster_id FROM jobs ORDER BY posting_date DESC, seq DESC',
    );
    const jobsOf = (posterId: string) => newest.filter((j) => j.poster_id === posterId).map((j) => j.id);
    const applications: [string, string][] = [
      ...jobsOf(alice).slice(0, 5).map((job) => [bob, job] as [string, string]),
      ...jobsOf(carol).slice(0, 2).map((job) => [bob, job] as [string, string]),
      ...jobsOf(alice).slice(1, 4).map((job) => [carol, job] as [string, string]),
      ...jobsOf(carol).slice(0, 2).map((job) => [alice, job] as [string, string]),
      ...jobsOf(alice).slice(2, 3).map((job) => [dan, job] as [string, string]),
    ];
    await tx.query(
      `INSERT INTO applications (user_id, job_id, applied_at)
       SELECT u, j, now() - (o * interval '7 hours') FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS t(u, j, o)`,
      [applications.map(([u]) => u), applications.map(([, j]) => j)],
    );
  });
  return true;
}

export interface BulkSeedOptions {
  jobs: number;
  users: number;
  seed?: number;
  batchSize?: number;
  onProgress?: (done: number) => void;
}

/** `npm run seed -- --jobs N --users M`: realistic, deterministic bulk data. */
export async function seedBulk(db: Db, options: BulkSeedOptions): Promise<void> {
  const random = createRandom(options.seed ?? 42);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const stamp = Date.now().toString(36);
  const userIds: string[] = [];
  for (let start = 0; start < Math.max(1, options.users); start += 5_000) {
    const count = Math.min(5_000, Math.max(1, options.users) - start);
    const users = Array.from({ length: count }, (_, i) => {
      const n = start + i;
      return { name: `Seed User ${n}`, username: `seed-${stamp}-${n}`, email: `seed-${stamp}-${n}@example.com`, resume: '' };
    });
    userIds.push(...(await insertUsersBulk(db, users, passwordHash)));
  }
  const batchSize = options.batchSize ?? 5_000;
  const today = new Date();
  let done = 0;
  while (done < options.jobs) {
    const count = Math.min(batchSize, options.jobs - done);
    const jobs = Array.from({ length: count }, () => {
      const posterId = userIds[Math.floor(random() * userIds.length)] ?? userIds[0] ?? '';
      return { ...generateJob(random, today, 365), posterId };
    });
    await insertJobsBulk(db, jobs);
    done += count;
    options.onProgress?.(done);
  }
  await compactFacetCounts(db, toIsoDate(new Date(today.getTime() - 31 * 86_400_000)));
  await db.query('ANALYZE jobs');
  await db.query('ANALYZE job_facet_counts');
}
