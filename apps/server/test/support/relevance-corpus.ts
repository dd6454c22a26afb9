/**
 * The judged relevance set (test/fixtures/relevance: jobs.json, queries.json) against a running app: posts the
 * corpus, then answers each query with the first ten job keys of GET /api/job/search, in the product's order or
 * in the order search had before relevance tiers (for the bench's comparison).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { SearchResult } from '@jobboard/shared';
import { postJob } from '../helpers.js';
import { NDCG_DEPTH, type JudgedQuery } from './relevance-eval.js';

export interface CorpusJob {
  key: string;
  role: string;
  place: string;
  title: string;
  company: string;
  description: string;
  skills: { value: string; label: string }[];
  location: { city: string; region?: string; country: string };
  workplace: 'on-site' | 'hybrid' | 'remote';
  remoteCountries: string[];
}

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/relevance');
const read = <T>(name: string): T => JSON.parse(fs.readFileSync(path.join(fixtures, name), 'utf8')) as T;

export const loadJobs = (): CorpusJob[] => read<CorpusJob[]>('jobs.json');
export const loadQueries = (): JudgedQuery[] => read<JudgedQuery[]>('queries.json');

/** Posts every job in the fixture's order (oldest first) as `cookie`'s user; returns job id -> fixture key. */
export async function postCorpus(
  app: FastifyInstance,
  cookie: string,
  jobs: CorpusJob[],
): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  for (const job of jobs) {
    const id = await postJob(app, cookie, {
      jobTitle: job.title,
      companyName: job.company,
      description: job.description,
      skills: job.skills,
      location: job.location,
      workplace: job.workplace,
      remoteCountries: job.remoteCountries,
      salary: { min: 40_000, max: 90_000, currency: 'USD', period: 'year' },
    });
    keys.set(id, job.key);
  }
  return keys;
}

async function searchPage(
  app: FastifyInstance,
  query: JudgedQuery,
  page: number,
  sort?: string,
): Promise<SearchResult> {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.where) params.set('where', query.where);
  if (query.radiusKm) params.set('radius', String(query.radiusKm));
  if (sort) params.set('sort', sort);
  params.set('page', String(page));
  const response = await app.inject({ method: 'GET', url: `/api/job/search?${params}` });
  if (response.statusCode !== 200)
    throw new Error(`search ${params} answered ${response.statusCode}: ${response.body}`);
  return response.json<SearchResult>();
}

/** The keys of up to `most` results in `sort`'s order (the default: relevance with text, newest without). */
async function resultKeys(
  app: FastifyInstance,
  query: JudgedQuery,
  keys: Map<string, string>,
  most: number,
  sort?: string,
): Promise<{ key: string; title: string }[]> {
  const found: { key: string; title: string }[] = [];
  for (let page = 1; found.length < most; page += 1) {
    const result = await searchPage(app, query, page, sort);
    for (const job of result.items) found.push({ key: keys.get(job._id) ?? job._id, title: job.jobTitle });
    if (result.items.length < result.pageSize || page * result.pageSize >= result.total) break;
  }
  return found.slice(0, most);
}

/** The first ten results of the product's own order. */
export async function rankNow(app: FastifyInstance, query: JudgedQuery, keys: Map<string, string>): Promise<string[]> {
  return (await resultKeys(app, query, keys, NDCG_DEPTH)).map((job) => job.key);
}

/**
 * The order before relevance tiers: title matches first (every word of the text begins a word of the title, or the
 * title contains the text), then newest; emulated from every match in newest-first order. The matches are today's
 * (synonyms and joined words included), so this isolates the order, not the matching.
 */
export async function rankBefore(
  app: FastifyInstance,
  query: JudgedQuery,
  keys: Map<string, string>,
): Promise<string[]> {
  const newest = await resultKeys(app, query, keys, keys.size, 'newest');
  const text = (query.q ?? '').toLowerCase().trim();
  if (!text) return newest.slice(0, NDCG_DEPTH).map((job) => job.key);
  const words = text.split(/\s+/);
  const inTitle = (title: string) => {
    const lowered = title.toLowerCase();
    const titleWords = lowered.split(/[^\p{L}\p{N}#+.]+/u).filter(Boolean);
    return lowered.includes(text) || words.every((word) => titleWords.some((t) => t.startsWith(word)));
  };
  const first = newest.filter((job) => inTitle(job.title));
  const rest = newest.filter((job) => !inTitle(job.title));
  return [...first, ...rest].slice(0, NDCG_DEPTH).map((job) => job.key);
}
