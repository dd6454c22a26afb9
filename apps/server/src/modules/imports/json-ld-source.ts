import { createHash } from 'node:crypto';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { ParsedSource, Refusal, SourceJob } from './import-sources.js';

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
/** schema.org lets most values be a text or a thing with a name. */
const named = (value: unknown): string => str(value) || str(obj(value).name);

const isJobPosting = (node: Json) => list(node['@type']).some((type) => str(type) === 'JobPosting');

/** Every JobPosting in a JSON-LD value: top level, in a list, or in an @graph. */
function postingsIn(value: unknown): Json[] {
  return list(value).flatMap((node) => {
    const thing = obj(node);
    return [...(isJobPosting(thing) ? [thing] : []), ...(thing['@graph'] ? postingsIn(thing['@graph']) : [])];
  });
}

const UNITS: Record<string, string> = { HOUR: 'hour', DAY: 'day', WEEK: 'week', MONTH: 'month', YEAR: 'year' };

/** schema.org JobPosting (https://schema.org/JobPosting, Google's job posting structured data) to a source job. */
function fromPosting(posting: Json, pageUrl: string): SourceJob {
  const identifier = posting.identifier;
  const address = obj(obj(list(posting.jobLocation)[0]).address);
  const salary = obj(posting.baseSalary);
  const value = obj(salary.value);
  const remote = list(posting.jobLocationType).some((type) => str(type) === 'TELECOMMUTE');
  const url = str(posting.url);
  // Without an identifier, the posting's own address names it; without either, its title on this page.
  const id =
    str(obj(identifier).value) ||
    str(identifier) ||
    url ||
    (str(posting.title)
      ? `${pageUrl}#${createHash('sha256').update(str(posting.title)).digest('hex').slice(0, 16)}`
      : '');
  const region = named(address.addressRegion);
  const place = [str(address.addressLocality), region, named(address.addressCountry)].filter(Boolean).join(', ');
  return {
    id,
    title: str(posting.title),
    html: str(posting.description),
    location: place,
    ...(remote ? { workplace: 'remote' as const } : {}),
    employment: list(posting.employmentType).map(str).join(' '),
    ...(posting.baseSalary !== undefined
      ? {
          pay: {
            min: num(value.minValue) ?? num(value.value),
            max: num(value.maxValue) ?? num(value.value),
            currency: str(salary.currency),
            period: UNITS[str(value.unitText).toUpperCase()] ?? str(value.unitText),
          },
        }
      : {}),
    ...(url ? { applyUrl: url } : {}),
    categories: [str(posting.occupationalCategory), str(posting.industry)],
    ...(str(posting.validThrough) ? { validThrough: str(posting.validThrough).slice(0, 10) } : {}),
  };
}

/** Every `<script type="application/ld+json">` JobPosting on a careers page; a script that is not JSON is refused. */
export function jsonLdPostings(html: string, pageUrl: string): ParsedSource {
  const document = parseDocument(html);
  const scripts = DomUtils.findAll(
    (el) => el.name === 'script' && str(el.attribs.type).toLowerCase() === 'application/ld+json',
    document.children,
  );
  const refused: Refusal[] = [];
  const jobs: SourceJob[] = [];
  scripts.forEach((script, index) => {
    let value: unknown;
    try {
      value = JSON.parse(DomUtils.textContent(script));
    } catch {
      refused.push({ sourceId: `script ${index + 1}`, reason: 'the JSON-LD script is not valid JSON' });
      return;
    }
    for (const posting of postingsIn(value)) {
      const job = fromPosting(posting, pageUrl);
      if (job.id) jobs.push(job);
      else refused.push({ sourceId: `script ${index + 1}`, reason: 'the JobPosting has no identifier, url or title' });
    }
  });
  return { jobs, refused };
}
