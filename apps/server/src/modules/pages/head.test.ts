import type { CompanyPage, Job } from '@jobboard/shared';
import { describe, expect, it } from 'vitest';
import {
  companyHead,
  headTags,
  homeHead,
  jobHead,
  missingCompanyHead,
  missingJobHead,
  scriptJson,
  withSite,
} from './head.js';
import { assemblePage, pageLocale } from './page-html.js';

const HOSTILE = '</script><script>alert(1)</script><!-- " \' & \u2028';

describe('rendered page head and state', () => {
  it('JSON in a script element cannot close it, open a comment or break a line', () => {
    const json = scriptJson({ title: HOSTILE });
    expect(json).not.toMatch(/<|>|\u2028/);
    expect(JSON.parse(json)).toEqual({ title: HOSTILE });
  });

  it('titles, descriptions and links are escaped where they land', () => {
    const tags = headTags({
      title: HOSTILE,
      description: HOSTILE,
      canonical: 'https://jobs.example.org/job/"onload="x',
      structuredData: [{ title: HOSTILE }],
      alternates: [{ type: 'application/rss+xml', title: HOSTILE, href: '/feed.rss?q=a&b' }],
    });
    expect(tags).not.toContain('<script>alert');
    expect(tags).not.toContain('"onload="');
    expect(tags).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- " \' &amp; \u2028</title>',
    );
    expect(tags).toContain('href="/feed.rss?q=a&amp;b"');
    expect(tags.match(/<script/g)).toHaveLength(1);
  });

  it("the page keeps one title and one description: the shell's are replaced", () => {
    const shell =
      '<html><head><meta charset="UTF-8" /><meta name="description" content="shell" /><title>Jobboard</title></head><body><div id="root"></div></body></html>';
    const page = assemblePage(
      shell,
      homeHead('https://jobs.example.org', 'q=react', 12),
      '<main>rendered</main>',
      { locale: 'en-US', language: 'en', queries: [] },
      'ssr-state',
    );
    expect(page.match(/<title>/g)).toHaveLength(1);
    expect(page.match(/name="description"/g)).toHaveLength(1);
    expect(page).toContain('content="12 open jobs.');
    expect(page).toContain('<link rel="canonical" href="https://jobs.example.org/?q=react" />');
    expect(page).toContain('<link rel="alternate" type="application/rss+xml"');
    expect(page).toContain(
      '<div id="root"><main>rendered</main></div><script type="application/json" id="ssr-state">{"locale":"en-US","language":"en","queries":[]}</script>',
    );
    // One URL for every language (negotiated): only x-default is named (decision record 48).
    expect(page).toContain('<link rel="alternate" hreflang="x-default" href="https://jobs.example.org/?q=react" />');
    expect(page).toContain('<html lang="en" dir="ltr">');
  });

  it('an Arabic page reads right to left', () => {
    const shell =
      '<!doctype html>\n<html lang="en">\n<head><meta name="description" content="x" /></head><div id="root"></div>';
    const page = assemblePage(
      shell,
      homeHead('https://x.example', '', 1),
      '',
      { locale: 'ar', language: 'ar', queries: [] },
      's',
    );
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).not.toContain('<html lang="en"');
  });

  it("dates are written in the reader's first language when the runtime knows it, else en-US", () => {
    expect(pageLocale('de-DE,de;q=0.9,en;q=0.8')).toBe('de-DE');
    expect(pageLocale(undefined)).toBe('en-US');
    expect(pageLocale('*')).toBe('en-US');
    expect(pageLocale('not a locale!!,en')).toBe('en-US');
  });

  it("names the site's own name, tagline and icon (site settings, issue 34) in the head and the shell", () => {
    const head = withSite(
      homeHead('https://jobs.example.org', '', 3),
      'Harbour "Jobs"',
      'https://cdn.example/i.png',
      'work by the sea',
    );
    const tags = headTags(head);
    expect(tags).toContain('<title>Harbour "Jobs": work by the sea</title>');
    expect(tags).toContain('<meta property="og:site_name" content="Harbour &quot;Jobs&quot;" />');
    expect(tags).toContain('post jobs on Harbour');
    expect(tags).toContain('<link rel="icon" href="https://cdn.example/i.png" />');
    const shell =
      '<head><link rel="icon" href="/favicon.svg" /><meta name="description" content="x" /></head><div id="root"></div>';
    const page = assemblePage(shell, head, '', { locale: 'en-US', language: 'en', queries: [] }, 'state');
    expect(page).not.toContain('/favicon.svg');
    expect(headTags(withSite(homeHead('https://x.example', '', 1), 'Jobboard', ''))).toContain(
      '<title>Jobboard: find your next job</title>',
    );
  });

  it('the home page and a missing page speak the reader’s language; English keeps the spec’s words (issue 35)', () => {
    const english = homeHead('https://x.example', '', 12345);
    expect(english.title).toBe('Jobboard: find your next job');
    expect(english.description).toBe(
      '12,345 open jobs. Search jobs by title, skill, place and pay, apply in one click, and post jobs on Jobboard.',
    );
    const german = withSite(homeHead('https://x.example', '', 12345, 'de'), 'Hafenjobs', '');
    expect(german.title).toBe('Hafenjobs: Finden Sie Ihre nächste Stelle');
    expect(german.description).toMatch(/^12\.345 offene Stellen\. Suchen Sie Stellen .* auf Hafenjobs aus\.$/);
    expect(withSite(homeHead('https://x.example', '', 1, 'de'), 'Jobboard', '', 'Arbeit am Meer').title).toBe(
      'Jobboard: Arbeit am Meer',
    );
    expect(homeHead('https://x.example', 'q=react', 3, 'de').alternates?.map((link) => link.title)).toEqual([
      'RSS: Stellen für „react“',
      'Atom: Stellen für „react“',
      'JSON Feed: Stellen für „react“',
    ]);
    expect(homeHead('https://x.example', 'q=react', 3).alternates?.[0]?.title).toBe('RSS: react jobs');
    expect(missingJobHead('ar').title).toBe('الوظيفة غير موجودة | Jobboard');
    expect(missingJobHead().description).toBe('This job is not on Jobboard (any more).');
    expect(missingCompanyHead('de').description).toBe('Dieses Unternehmen gibt es auf Jobboard (nicht mehr).');
  });

  const job = {
    _id: 'j1',
    jobTitle: 'Frontend Engineer',
    companyName: 'Tidewater Labs',
    companyLogo: '',
    jobLocation: 'London',
    description: 'Build the web app.',
    company: { id: 'c1', slug: 'tidewater-labs', name: 'Tidewater Labs', logo: '' },
    location: { city: 'London', country: 'GB' },
    workplace: 'hybrid',
    remoteCountries: [],
    salary: { min: 20000, max: 120000, currency: 'USD', period: 'year' },
    status: 'open',
  } as unknown as Job;

  it("a job's and a company's head frame their own words in the page's language (issue 35)", () => {
    const english = jobHead(job, 'https://x.example', []);
    expect(english.title).toBe('Frontend Engineer at Tidewater Labs | Jobboard');
    expect(english.description).toBe(
      'Tidewater Labs is hiring: Frontend Engineer in London, United Kingdom (hybrid). $20,000 – $120,000 a year. Build the web app.',
    );
    // (The description is one line: clip() turns the amount's no-break space into a space.)
    const german = jobHead(job, 'https://x.example', [], 'de');
    expect(german.title).toBe('Frontend Engineer bei Tidewater Labs | Jobboard');
    expect(german.description).toBe(
      'Tidewater Labs stellt ein: Frontend Engineer in London, Vereinigtes Königreich (hybrid). 20.000–120.000 $ pro Jahr. Build the web app.',
    );
    const remote = jobHead({ ...job, workplace: 'remote' }, 'https://x.example', [], 'ar');
    // The job's own words and the amount are isolated runs, so "US$" is not read as "$US" in the Arabic sentence.
    expect(remote.description).toBe(
      '\u2068Tidewater Labs\u2069 توظّف: \u2068Frontend Engineer\u2069 (عن بُعد). \u2068\u200f20,000–120,000 US$\u2069 سنويًا. Build the web app.',
    );
    const company = {
      name: 'Tidewater Labs',
      slug: 'tidewater-labs',
      logo: '',
      openJobs: 1234,
      description: 'We build.',
    };
    const page = company as unknown as CompanyPage;
    expect(companyHead(page, 'https://x.example').description).toBe(
      'Tidewater Labs on Jobboard: 1,234 open jobs. We build.',
    );
    expect(companyHead({ ...page, openJobs: 1 }, 'https://x.example').description).toBe(
      'Tidewater Labs on Jobboard: 1 open job. We build.',
    );
    expect(companyHead(page, 'https://x.example', 'de').description).toBe(
      'Tidewater Labs auf Jobboard: 1.234 offene Stellen. We build.',
    );
    expect(companyHead({ ...page, openJobs: 3 }, 'https://x.example', 'ar').description).toBe(
      '\u2068Tidewater Labs\u2069 على Jobboard: 3 وظائف متاحة. We build.',
    );
  });
});
