/**
 * The realistic traffic of `npm run bench` (issue 12): a "cold mix" of distinct searches built from the loaded
 * data's own vocabulary, each sent once with the answer cache off, and the same mix with one job posted or
 * edited per 20 searches. Also what the estimates are worth: every estimated total of the mix against count(*).
 */
import { FILTER_GROUPS, searchQuerySchema, type SearchResult } from '@jobboard/shared';
import type { Db } from '../src/db/client.js';
import { DEMO_PASSWORD } from '../src/demo/demo-data.js';
import { mulberry32 } from '../src/demo/random.js';
import { countMatchesAndFacets } from '../src/modules/search/search.repository.js';
import { toCriteria } from '../src/modules/search/search.service.js';

export interface HttpClient {
  request(
    method: string,
    url: string,
    options?: { body?: unknown; cookie?: string },
  ): Promise<{ status: number; body: Buffer; setCookie: string[] }>;
}

/** What the mix is made of, read from the loaded database before the server takes it over. */
export interface Vocabulary {
  /** Title words, most used first. */
  titleWords: string[];
  /** Words (stems) of titles, skills and descriptions, in the most jobs first. */
  docWords: string[];
  skills: string[];
  cities: string[];
  countries: string[];
  /** A seeded account that may post (verified). */
  posterEmail: string;
}

export async function readVocabulary(db: Db): Promise<Vocabulary> {
  const [titleWords, docWords, skills, places, poster] = await Promise.all([
    db.query<{ word: string }>(
      `SELECT word FROM jobs, unnest(string_to_array(lower(job_title), ' ')) AS word
        WHERE status = 'open' AND word ~ '^[a-z]{3,}$' GROUP BY word ORDER BY count(*) DESC LIMIT 300`,
    ),
    db.query<{ word: string }>(
      `SELECT word FROM ts_stat('SELECT search_doc FROM jobs WHERE job_in_sample(seq)') WHERE word ~ '^[a-z]{4,}$' ORDER BY ndoc DESC LIMIT 300`,
    ),
    db.query<{ label: string }>(
      `SELECT min(s ->> 'label') AS label FROM jobs, jsonb_array_elements(skills) s WHERE status = 'open'
        GROUP BY lower(s ->> 'value') ORDER BY count(*) DESC LIMIT 100`,
    ),
    db.query<{ city: string; country: string }>(
      `SELECT min(city) AS city, country FROM jobs WHERE status = 'open' AND city <> ''
        GROUP BY lower(city), country ORDER BY count(*) DESC LIMIT 100`,
    ),
    db.query<{ email: string }>(
      `SELECT email FROM users WHERE email_verified_at IS NOT NULL AND password_hash IS NOT NULL ORDER BY created_at LIMIT 1`,
    ),
  ]);
  return {
    titleWords: titleWords.map((r) => r.word),
    docWords: docWords.map((r) => r.word),
    skills: skills.map((r) => r.label),
    cities: places.map((r) => r.city),
    countries: [...new Set(places.map((r) => r.country).filter(Boolean))],
    posterEmail: poster[0]?.email ?? '',
  };
}

/** A typo: one letter dropped, doubled or swapped with the next. */
function misspell(word: string, random: () => number): string {
  const at = 1 + Math.floor(random() * Math.max(1, word.length - 2));
  const kind = Math.floor(random() * 3);
  if (kind === 0) return word.slice(0, at) + word.slice(at + 1);
  if (kind === 1) return word.slice(0, at) + (word[at] ?? '') + word.slice(at);
  return word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2);
}

/**
 * `count` distinct search query strings: text in 75% (a title word 30%, a description word 15%, a prefix of 3-5
 * letters 15%, a typo 15%, two words 15%, a skill 10%), "where" in 30% (a city, a country, or remote), each filter
 * group now and then, the job model's filters, an order in 30%, and a deep page (5 to 60) in 20%.
 */
export function coldMix(vocabulary: Vocabulary, count: number, seed = 12): string[] {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];
  // Common words more often than rare ones, as people search.
  const skewed = (items: readonly string[]) => items[Math.floor(items.length * random() ** 2)] ?? '';
  const text = (): string => {
    const roll = random();
    const word = skewed(vocabulary.titleWords);
    if (roll < 0.3) return word;
    if (roll < 0.45) return skewed(vocabulary.docWords);
    if (roll < 0.6) return word.slice(0, 3 + Math.floor(random() * 3));
    if (roll < 0.75) return misspell(word, random);
    if (roll < 0.9) return `${word} ${skewed(vocabulary.titleWords)}`;
    return pick(vocabulary.skills) ?? word;
  };
  const queries = new Set<string>();
  for (let attempt = 0; queries.size < count && attempt < count * 20; attempt += 1) {
    const params = new URLSearchParams();
    if (random() < 0.75) params.set('q', text());
    if (random() < 0.3) {
      const roll = random();
      params.set(
        'where',
        roll < 0.6
          ? (pick(vocabulary.cities) ?? 'London')
          : roll < 0.9
            ? (pick(vocabulary.countries) ?? 'DE')
            : 'remote',
      );
    }
    for (const [group, options] of Object.entries(FILTER_GROUPS) as [string, readonly { value: string }[]][]) {
      if (random() < 0.08) params.set(group, pick(options)?.value ?? '');
    }
    if (random() < 0.05) params.set('skill', (pick(vocabulary.skills) ?? 'python').toLowerCase());
    if (random() < 0.05) params.set('remoteCountry', pick(vocabulary.countries) ?? 'DE');
    if (random() < 0.1) params.set('payMin', String(20_000 * (1 + Math.floor(random() * 8))));
    if (random() < 0.3) params.set('sort', pick(['newest', 'pay', 'relevance']) ?? 'newest');
    if (random() < 0.2) params.set('page', String(5 + Math.floor(random() * 56)));
    queries.add(params.toString());
  }
  return [...queries];
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export interface MixResult {
  searches: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than 200 (503 when a search outlasts its statement timeout). */
  errors: number;
  maxBytes: number;
  estimated: number;
  /** Writes sent (the mixed run) and their p95. */
  writes: number;
  writeP95: number;
  /** Every estimated answer with its query, to check against count(*) once the server is gone. */
  estimates: { query: string; total: number; correctedQuery?: string | undefined }[];
}

/** A posted job's fields, different each time. */
function jobPayload(i: number, vocabulary: Vocabulary) {
  const word = vocabulary.titleWords[i % Math.max(1, vocabulary.titleWords.length)] ?? 'developer';
  return {
    jobTitle: `${word[0]?.toUpperCase() ?? ''}${word.slice(1)} Specialist ${i}`,
    companyName: 'Bench Mixed Load Inc',
    companyLogo: 'https://example.com/logo.png',
    jobLocation: vocabulary.cities[i % Math.max(1, vocabulary.cities.length)] ?? 'London',
    employmentType: 'Full-time',
    experienceLevel: 'Any Experience',
    salaryType: 'Yearly',
    minPrice: '$40k',
    maxPrice: `$${60 + (i % 80)}k`,
    description: `A job posted by the benchmark's mixed read and write run, number ${i}.`,
    skills: [{ value: 'JavaScript', label: 'JavaScript' }],
  };
}

/**
 * Sends every query once, one at a time (the latency a visitor sees). With `writeEvery`, a job is posted or one
 * of those posted edited before every `writeEvery`th search, signed in as the vocabulary's poster.
 */
export async function runMix(
  client: HttpClient,
  base: string,
  queries: string[],
  vocabulary: Vocabulary,
  writeEvery = 0,
): Promise<MixResult> {
  let cookie = '';
  const posted: string[] = [];
  const writeTimes: number[] = [];
  if (writeEvery > 0) {
    const signIn = await client.request('POST', `${base}/api/auth/signin`, {
      body: { email: vocabulary.posterEmail, password: DEMO_PASSWORD },
    });
    if (signIn.status !== 200)
      throw new Error(`bench sign-in answered ${signIn.status}: ${signIn.body.toString().slice(0, 200)}`);
    cookie = signIn.setCookie.map((c) => c.split(';')[0]).join('; ');
  }
  const times: number[] = [];
  let errors = 0;
  let maxBytes = 0;
  const estimates: MixResult['estimates'] = [];
  for (const [i, query] of queries.entries()) {
    if (writeEvery > 0 && i % writeEvery === 0) {
      const started = performance.now();
      const edit = posted.length > 0 && i % (2 * writeEvery) === 0;
      const id = posted[Math.floor(i / writeEvery) % Math.max(1, posted.length)];
      const answer = edit
        ? await client.request('PATCH', `${base}/api/job/update-job/${id}`, {
            cookie,
            body: { maxPrice: `$${70 + (i % 90)}k` },
          })
        : await client.request('POST', `${base}/api/job/post-job`, { cookie, body: jobPayload(i, vocabulary) });
      writeTimes.push(performance.now() - started);
      if (answer.status >= 300)
        throw new Error(`bench write answered ${answer.status}: ${answer.body.toString().slice(0, 200)}`);
      if (!edit) posted.push((JSON.parse(answer.body.toString('utf8')) as { insertedId: string }).insertedId);
    }
    const started = performance.now();
    const { status, body } = await client.request('GET', `${base}/api/job/search?${query}`);
    times.push(performance.now() - started);
    if (status !== 200) {
      errors += 1;
      continue;
    }
    maxBytes = Math.max(maxBytes, body.length);
    const answer = JSON.parse(body.toString('utf8')) as SearchResult;
    if (answer.totalIsEstimate) estimates.push({ query, total: answer.total, correctedQuery: answer.correctedQuery });
  }
  times.sort((a, b) => a - b);
  writeTimes.sort((a, b) => a - b);
  return {
    searches: queries.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors,
    maxBytes,
    estimated: estimates.length,
    writes: writeTimes.length,
    writeP95: percentile(writeTimes, 95),
    estimates,
  };
}

/** How far the estimates were from count(*): the largest relative error, over at most `limit` of them. */
export async function estimateError(
  db: Db,
  estimates: MixResult['estimates'],
  limit = 100,
): Promise<{ checked: number; maxError: number; worst: string }> {
  let maxError = 0;
  let worst = '';
  const checked = estimates.slice(0, limit);
  for (const estimate of checked) {
    const parsed = searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(estimate.query)));
    const { page: _page, ...rest } = parsed;
    const criteria = { ...toCriteria(rest), correctedQ: estimate.correctedQuery };
    const { total: exact } = await countMatchesAndFacets(db, criteria, new Date(), undefined);
    const error = exact === 0 ? 1 : Math.abs(estimate.total - exact) / exact;
    if (error >= maxError) {
      maxError = error;
      worst = `${estimate.query}: ${estimate.total} for ${exact}`;
    }
  }
  return { checked: checked.length, maxError, worst };
}

/**
 * `/api/health` while `clients` clients each send the worst searches (one-letter text over every job, the
 * broadest word with the rarest order, a deep page of it) back to back for `seconds`: its latencies, sorted.
 */
export async function healthUnderWorstSearches(
  client: HttpClient,
  base: string,
  vocabulary: Vocabulary,
  clients = 6,
  seconds = 5,
) {
  const broad = vocabulary.titleWords[0] ?? 'developer';
  const worst = [
    'q=a',
    'q=e',
    `q=${broad}&sort=pay`,
    `q=${broad.slice(0, 3)}&page=60`,
    `q=${misspell(broad, mulberry32(1))}&sort=newest`,
    'q=s&where=remote',
  ];
  const until = performance.now() + seconds * 1000;
  let searches = 0;
  const load = Array.from({ length: clients }, async (_, c) => {
    for (let i = c; performance.now() < until; i += 1) {
      await client.request('GET', `${base}/api/job/search?${worst[i % worst.length]}`);
      searches += 1;
    }
  });
  const health: number[] = [];
  while (performance.now() < until) {
    const started = performance.now();
    await client.request('GET', `${base}/api/health`);
    health.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await Promise.all(load);
  health.sort((a, b) => a - b);
  return { p95: percentile(health, 95), max: health.at(-1) ?? Number.NaN, probes: health.length, searches };
}
