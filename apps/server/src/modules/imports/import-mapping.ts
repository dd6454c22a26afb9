import { createHash } from 'node:crypto';
import {
  jobCreateBodySchema,
  JOB_MODEL_LIMITS,
  toIsoDate,
  type JobCreateBody,
  type SalaryPeriod,
} from '@jobboard/shared';
import TurndownService from 'turndown';
import type { SourceJob } from './import-sources.js';

/**
 * HTML from an ATS as the description's safe Markdown subset (decision 27): paragraphs, lists, bold, italic,
 * links, headings. Images, scripts, styles and forms are dropped; what the subset lacks (tables) stays as text.
 */
const turndown = new TurndownService({ headingStyle: 'atx', bulletListMarker: '-', emDelimiter: '*' });
// A rule, not turndown.remove(): the CommonMark image rule would win over a removal.
turndown.addRule('dropped', {
  filter: ['script', 'style', 'img', 'iframe', 'form', 'button', 'input', 'select', 'textarea'],
  replacement: () => '',
});

export function htmlToMarkdown(html: string): string {
  return (
    turndown
      .turndown(html)
      // Turndown pads list markers to four columns; the subset reads one space, as people type lists.
      .replace(/^(\s*)([-*]|\d+\.) {2,}/gm, '$1$2 ')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

const PERIOD_WORDS: [RegExp, SalaryPeriod][] = [
  [/hour/i, 'hour'],
  [/day|daily/i, 'day'],
  [/week/i, 'week'],
  [/month/i, 'month'],
  [/year|annual|salary/i, 'year'],
];

/** Structured pay when the source gave numbers and a currency; otherwise none (the job says "Not stated"). */
function salaryOf(pay: SourceJob['pay']): JobCreateBody['salary'] {
  if (!pay?.currency || (pay.min === undefined && pay.max === undefined)) return undefined;
  const period = PERIOD_WORDS.find(([pattern]) => pattern.test(pay.period ?? ''))?.[1] ?? 'year';
  const min = pay.min ?? pay.max ?? 0;
  return { min, max: pay.max ?? min, currency: pay.currency, period };
}

function employmentOf(raw: string): { employmentType: JobCreateBody['employmentType']; intern: boolean } {
  const key = raw.toLowerCase().replace(/[^a-z]/g, '');
  const intern = key.includes('intern');
  if (key.includes('parttime')) return { employmentType: 'Part-time', intern };
  if (intern || /contract|temp|seasonal|freelance/.test(key)) return { employmentType: 'Temporary', intern };
  return { employmentType: 'Full-time', intern };
}

const NOT_STATED = 'Not stated';
const DAY_MS = 86_400_000;

/** The source's closing date when it is one the job model takes, else the default (renewed at each run). */
function validThroughOf(raw: string | undefined, now: Date): string {
  const today = toIsoDate(now);
  const latest = toIsoDate(new Date(now.getTime() + JOB_MODEL_LIMITS.validityMaxDays * DAY_MS));
  if (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) && raw >= today && raw <= latest) return raw;
  return toIsoDate(new Date(now.getTime() + JOB_MODEL_LIMITS.validityDefaultDays * DAY_MS));
}

/** The job's description: the source's, in the safe subset, and where to apply. */
function descriptionOf(job: SourceJob): string {
  const text = job.html ? htmlToMarkdown(job.html) : (job.text ?? '').trim();
  // A description that is only where to apply says nothing about the job: it stays empty, and is refused.
  return job.applyUrl && text ? `${text}\n\nApply: <${job.applyUrl}>` : text;
}

export type Mapped = { body: JobCreateBody; fingerprint: string } | { reason: string };

/**
 * A source's entry as a job of `companyId`, checked by the same schema as every job post; the first problems
 * found are the reason it is refused. The fingerprint tells a changed entry from an unchanged one.
 */
export function toJobBody(job: SourceJob, companyId: string, now: Date): Mapped {
  const { employmentType, intern } = employmentOf(job.employment);
  const salary = salaryOf(job.pay);
  const skills = [...new Set(job.categories.filter(Boolean))].slice(0, JOB_MODEL_LIMITS.skillsPerJob);
  const candidate = {
    jobTitle: job.title,
    companyId,
    jobLocation: job.location || (job.workplace === 'remote' ? 'Remote' : ''),
    ...(job.workplace ? { workplace: job.workplace } : {}),
    employmentType,
    experienceLevel: intern ? 'Internship' : 'Any Experience',
    ...(salary ? { salary } : { minPrice: NOT_STATED, maxPrice: NOT_STATED, salaryType: 'Yearly' }),
    skills: (skills.length > 0 ? skills : ['General']).map((value) => ({ value: value.slice(0, 40) })),
    description: descriptionOf(job),
  };
  const parsed = jobCreateBodySchema.safeParse(candidate);
  if (!parsed.success) {
    const reason = parsed.error.issues
      .slice(0, 3)
      .map((issue) => (issue.message.includes(':') ? issue.message : `${issue.path.join('.')}: ${issue.message}`))
      .join('; ');
    return { reason };
  }
  const fingerprint = createHash('sha256').update(JSON.stringify(parsed.data)).digest('hex');
  return { body: { ...parsed.data, validThrough: validThroughOf(job.validThrough, now) }, fingerprint };
}
