import type { SitePageSlug } from '@jobboard/shared';

/**
 * The site pages' texts until an administrator writes their own (Markdown, the job descriptions' safe subset).
 * About keeps the spec's words. Privacy says what is true of this code: only the session cookie, which is
 * essential, so no cookie notice is shown; keep it true when a non-essential cookie is ever added.
 */
export function defaultPage(slug: SitePageSlug, siteName: string): string {
  switch (slug) {
    case 'about':
      return [
        `## Welcome to ${siteName}`,
        `Welcome! ${siteName} connects people with career opportunities across industries. Whether you are looking for your next role or for the right person to join your team, you are in the right place.`,
        '- **Find the right role**: search and filter listings by location, salary, experience and type of employment.',
        '- **Post jobs in minutes**: publish an opening, edit it at any time, and see who applied.',
        '- **Built for people**: job seekers and employers meet in one simple, fast place.',
      ].join('\n\n');
    case 'privacy':
      return [
        '## Cookies',
        `${siteName} sets one cookie: the session cookie that keeps you signed in. It is essential, so there is no cookie notice. The site sets no advertising or tracking cookies, and the theme you choose is kept in your browser only.`,
        '## What we keep',
        '- Your account: name, e-mail address, a hash of your password (never the password), and your profile if you fill it in.',
        '- What you do on the site: jobs you post, applications and CVs you send, saved jobs and job alerts.',
        '- Job page views are counted per day with a key that changes daily; the visitor list is deleted the next day.',
        '## Your choices',
        'You can download everything kept about your account from your profile, and delete your account there: it is removed with your applications, saved jobs, alerts and jobs.',
      ].join('\n\n');
    case 'terms':
      return [
        '## Using the site',
        `By using ${siteName} you agree to post only real jobs you are allowed to offer, and to apply only in your own name.`,
        '## Content',
        'You keep the rights to what you post and let us show it on the site, its feeds and its search. Jobs that break these terms may be hidden and accounts banned by the administrators.',
        '## No warranty',
        `${siteName} is provided as it is. We do not check every job and are not a party to any hiring.`,
      ].join('\n\n');
  }
}
