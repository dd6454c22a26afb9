import { DomUtils, parseDocument } from 'htmlparser2';
import type { ImportKind } from './imports.schemas.js';

/** One entry of a source, read but not yet checked against the job model (import-mapping.ts does that). */
export interface SourceJob {
  id: string;
  title: string;
  /** The description as HTML (converted to the safe Markdown subset), or as plain text. */
  html?: string;
  text?: string;
  location: string;
  workplace?: 'remote' | 'hybrid' | 'on-site';
  employment: string;
  pay?: { min?: number; max?: number; currency?: string; period?: string };
  applyUrl?: string;
  categories: string[];
  validThrough?: string;
}

export interface Refusal {
  sourceId: string;
  reason: string;
}

export interface ParsedSource {
  jobs: SourceJob[];
  refused: Refusal[];
}

/** The source could not be read at all (not JSON, not the documented shape): the run fails, nothing is closed. */
export class UnreadableSource extends Error {}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const str = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
const num = (value: unknown): number | undefined => {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
const joined = (...parts: string[]) => parts.filter(Boolean).join(', ');

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new UnreadableSource('the source did not answer JSON');
  }
}

/** Each entry read by `read`, or refused with its reason when it has no id (the others still go ahead). */
function readEach<T>(entries: T[], read: (entry: T) => SourceJob): ParsedSource {
  const parsed: ParsedSource = { jobs: [], refused: [] };
  entries.forEach((entry, index) => {
    const job = read(entry);
    if (!job.id) parsed.refused.push({ sourceId: `entry ${index + 1}`, reason: 'the entry has no id' });
    else parsed.jobs.push(job);
  });
  return parsed;
}

/** Greenhouse Job Board API, GET /v1/boards/{token}/jobs?content=true: `content` is HTML escaped once more. */
function greenhouse(body: string): ParsedSource {
  const jobs = obj(parseJson(body)).jobs;
  if (!Array.isArray(jobs)) throw new UnreadableSource('the answer has no "jobs" list (Greenhouse job board API)');
  return readEach(jobs.map(obj), (job) => ({
    id: str(job.id),
    title: str(job.title),
    html: DomUtils.textContent(parseDocument(str(job.content))),
    location: str(obj(job.location).name),
    employment: '',
    ...(str(job.absolute_url) ? { applyUrl: str(job.absolute_url) } : {}),
    categories: list(job.departments).map((d) => str(obj(d).name)),
  }));
}

const LEVER_WORKPLACES = { remote: 'remote', hybrid: 'hybrid', 'on-site': 'on-site', onsite: 'on-site' } as const;

/** Lever Postings API, GET /v0/postings/{site}?mode=json: a list of postings. */
function lever(body: string): ParsedSource {
  const postings = parseJson(body);
  if (!Array.isArray(postings)) throw new UnreadableSource('the answer is not a list of postings (Lever postings API)');
  return readEach(postings.map(obj), (posting) => {
    const categories = obj(posting.categories);
    const lists = list(posting.lists).map(
      (entry) => `<h3>${str(obj(entry).text)}</h3><ul>${str(obj(entry).content)}</ul>`,
    );
    const salary = obj(posting.salaryRange);
    const workplaceType = str(posting.workplaceType).toLowerCase();
    const workplace = Object.hasOwn(LEVER_WORKPLACES, workplaceType)
      ? LEVER_WORKPLACES[workplaceType as keyof typeof LEVER_WORKPLACES]
      : undefined;
    return {
      id: str(posting.id),
      title: str(posting.text),
      html: [str(posting.description), ...lists, str(posting.additional)].join(''),
      location: str(categories.location),
      ...(workplace ? { workplace } : {}),
      employment: str(categories.commitment),
      ...(posting.salaryRange !== undefined
        ? {
            pay: {
              min: num(salary.min),
              max: num(salary.max),
              currency: str(salary.currency),
              period: str(salary.interval),
            },
          }
        : {}),
      ...(str(posting.hostedUrl) ? { applyUrl: str(posting.hostedUrl) } : {}),
      categories: [str(categories.team), str(categories.department)],
    };
  });
}

/** Ashby Job Postings API, GET /posting-api/job-board/{name}?includeCompensation=true. */
function ashby(body: string): ParsedSource {
  const jobs = obj(parseJson(body)).jobs;
  if (!Array.isArray(jobs)) throw new UnreadableSource('the answer has no "jobs" list (Ashby job postings API)');
  const listed = jobs.filter((job) => obj(job).isListed !== false);
  return readEach(listed.map(obj), (job) => {
    const address = obj(obj(job.address).postalAddress);
    const place = joined(str(address.addressLocality), str(address.addressRegion), str(address.addressCountry));
    const pay = list(obj(job.compensation).summaryComponents)
      .map(obj)
      .find((component) => str(component.compensationType) === 'Salary');
    const workplace = { Remote: 'remote', Hybrid: 'hybrid', OnSite: 'on-site' }[str(job.workplaceType)] as
      SourceJob['workplace'] | undefined;
    return {
      id: str(job.id),
      title: str(job.title),
      html: str(job.descriptionHtml),
      location: place || str(job.location),
      ...(workplace ? { workplace } : job.isRemote === true ? { workplace: 'remote' as const } : {}),
      employment: str(job.employmentType),
      ...(pay
        ? {
            pay: {
              min: num(pay.minValue),
              max: num(pay.maxValue),
              currency: str(pay.currencyCode),
              period: str(pay.interval),
            },
          }
        : {}),
      ...(str(job.applyUrl) || str(job.jobUrl) ? { applyUrl: str(job.applyUrl) || str(job.jobUrl) } : {}),
      categories: [str(job.department), str(job.team)],
    };
  });
}

/** Text of the first child element `name` of an XML element (CDATA included, as written). */
function childText(element: ReturnType<typeof DomUtils.findAll>[number], name: string): string {
  const child = DomUtils.findOne((el) => el.name.toLowerCase() === name, element.children, false);
  return child ? DomUtils.textContent(child).trim() : '';
}

const CURRENCY_SIGNS: Record<string, string> = { $: 'USD', '£': 'GBP', '€': 'EUR' };

/** "$50,000 - $60,000 per year", "45K/yr", "£20 an hour": the numbers, the currency sign and the period. */
export function payFromText(text: string): SourceJob['pay'] | undefined {
  const numbers = [...text.matchAll(/(\d[\d,.]*)\s*(k)?/gi)].map(
    (m) => Number((m[1] ?? '').replace(/,/g, '')) * (m[2] ? 1000 : 1),
  );
  if (numbers.length === 0 || numbers.some((n) => !Number.isFinite(n))) return undefined;
  const sign = /[$£€]/.exec(text)?.[0];
  const code = /\b[A-Z]{3}\b/.exec(text)?.[0];
  const period = /hour|hr\b/i.test(text)
    ? 'hour'
    : /month/i.test(text)
      ? 'month'
      : /week/i.test(text)
        ? 'week'
        : /day/i.test(text)
          ? 'day'
          : 'year';
  return {
    min: numbers[0],
    max: numbers[1] ?? numbers[0],
    currency: code ?? (sign ? CURRENCY_SIGNS[sign] : ''),
    period,
  };
}

/** A feed in Indeed's XML format: <source><job><title>...<referencenumber>...</job></source>. */
function indeedXml(body: string): ParsedSource {
  const document = parseDocument(body, { xmlMode: true });
  const root = DomUtils.findOne((el) => el.name.toLowerCase() === 'source', document.children, true);
  if (!root) throw new UnreadableSource('the feed has no <source> element (Indeed XML feed format)');
  const jobs = DomUtils.findAll((el) => el.name.toLowerCase() === 'job', root.children);
  return readEach(jobs, (job) => {
    const text = (name: string) => childText(job, name);
    const remote = text('remotetype');
    const pay = payFromText(text('salary'));
    return {
      id: text('referencenumber'),
      title: text('title'),
      html: text('description'),
      location: joined(text('city'), text('state'), text('country')),
      ...(remote ? { workplace: /hybrid/i.test(remote) ? ('hybrid' as const) : ('remote' as const) } : {}),
      employment: text('jobtype'),
      ...(pay ? { pay } : {}),
      ...(text('url') ? { applyUrl: text('url') } : {}),
      categories: [text('category')],
    };
  });
}

export const PARSERS: Record<Exclude<ImportKind, 'json-ld'>, (body: string) => ParsedSource> = {
  greenhouse,
  lever,
  ashby,
  'indeed-xml': indeedXml,
};
