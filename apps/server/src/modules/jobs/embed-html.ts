import { countryName, type Job } from '@jobboard/shared';
import { escapeHtml } from './description-html.js';

export interface EmbedOptions {
  theme: 'light' | 'dark' | 'auto';
  /** Links and the hover line: #rgb or #rrggbb. */
  accent: string;
}

function placeOf(job: Job): string {
  const city = job.location.city;
  const country = job.location.country ? countryName(job.location.country) : '';
  const place = [city, country].filter(Boolean).join(', ') || job.jobLocation;
  if (job.workplace !== 'remote') return place;
  const where = job.remoteCountries.map((code) => countryName(code)).join(', ');
  return where ? `Remote (${where})` : 'Remote';
}

const COLOURS = {
  light: '--fg:#0f172a;--muted:#475569;--bg:#fff;--line:#e2e8f0',
  dark: '--fg:#f1f5f9;--muted:#cbd5e1;--bg:#0f172a;--line:#334155',
};

/** The page's only style: a few system-font rules, the colours the options chose. */
function style({ theme, accent }: EmbedOptions): string {
  const scheme =
    theme === 'auto'
      ? `:root{${COLOURS.light}}@media (prefers-color-scheme:dark){:root{${COLOURS.dark}}}`
      : `:root{${COLOURS[theme]}}`;
  return (
    `${scheme}:root{--accent:${accent}}` +
    'body{margin:0;font:14px/1.4 system-ui,sans-serif;color:var(--fg);background:var(--bg)}' +
    'ul{list-style:none;margin:0;padding:0}li{border-bottom:1px solid var(--line);padding:10px 12px}' +
    'a{color:var(--accent);font-weight:600;text-decoration:none}a:hover{text-decoration:underline}' +
    'p{margin:2px 0 0;color:var(--muted)}footer{padding:8px 12px;font-size:12px;color:var(--muted)}'
  );
}

/**
 * A company's open jobs as a page another site frames (issue 36 item 5): no script, one small style element,
 * links that open the job on the board in a new tab. Every text is the company's, so every text is escaped.
 */
export function embedHtml(company: { name: string; slug: string }, jobs: Job[], origin: string, options: EmbedOptions) {
  const items = jobs
    .map((job) => {
      const href = `${origin}/job/${job._id}`;
      const facts = [placeOf(job), job.employmentType].filter(Boolean).join(' · ');
      return `<li><a href="${escapeHtml(href)}" target="_blank" rel="noopener">${escapeHtml(job.jobTitle)}</a><p>${escapeHtml(facts)}</p></li>`;
    })
    .join('');
  const empty = `<p style="padding:10px 12px">No open jobs at ${escapeHtml(company.name)} right now.</p>`;
  const all = `${origin}/company/${encodeURIComponent(company.slug)}`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>Jobs at ${escapeHtml(company.name)}</title><style>${style(options)}</style></head><body>` +
    (jobs.length ? `<ul>${items}</ul>` : empty) +
    `<footer><a href="${escapeHtml(all)}" target="_blank" rel="noopener">All jobs at ${escapeHtml(company.name)}</a></footer>` +
    `</body></html>`
  );
}
