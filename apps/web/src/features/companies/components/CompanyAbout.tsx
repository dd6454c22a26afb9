import type { CompanyPage } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink } from 'lucide-react';

/** The job page's description look: the same safe Markdown subset (decision 27), rendered by the server. */
const ABOUT_CLASSES =
  'mt-6 leading-relaxed text-slate-800 dark:text-slate-200 [&_p+*]:mt-3 [&_ul+*]:mt-3 [&_ol+*]:mt-3 [&_ul]:list-disc [&_ol]:list-decimal [&_ul]:ps-6 [&_ol]:ps-6 [&_li]:mt-1 [&_a]:font-medium [&_a]:text-teal-800 [&_a]:underline [&_a:hover]:no-underline dark:[&_a]:text-teal-300';

/** 'https://www.acme.example/jobs' -> 'acme.example/jobs': how a website link reads. */
export function websiteLabel(url: string): string {
  return url.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '');
}

export const externalLinkClass =
  'inline-flex items-center gap-1 font-medium text-teal-800 underline underline-offset-2 hover:no-underline dark:text-teal-300';

/** A link of the company's own, to another site: opened in a new tab, followed by no search engine. */
export function CompanyLink({ href }: { href: string }) {
  return (
    <a href={href} rel="noopener noreferrer nofollow" target="_blank" className={externalLinkClass}>
      <bdi>{websiteLabel(href)}</bdi>
      <ExternalLink size={14} aria-hidden="true" className="rtl:[transform:scaleX(-1)]" />
      <span className="sr-only">
        <Trans>(opens in a new tab)</Trans>
      </span>
    </a>
  );
}

/** The company's cover image, a 3:1 banner across the top of its card (decorative: the name is the heading). */
export function CompanyCover({ src }: { src: string }) {
  if (!src) return null;
  return (
    <img
      src={src}
      alt=""
      width={1200}
      height={400}
      data-testid="company-cover"
      className="-mx-5 -mt-5 mb-5 aspect-[3/1] w-[calc(100%+2.5rem)] max-w-none rounded-t-2xl bg-slate-100 object-cover sm:-mx-8 sm:-mt-8 sm:mb-6 sm:w-[calc(100%+4rem)] dark:bg-slate-800"
    />
  );
}

/**
 * The about text as the server rendered it (safe by construction: every character escaped, only p, br, ul, ol, li,
 * strong, em and http(s)/mailto links written: modules/jobs/description-html.ts), and the company's links.
 */
export function CompanyAbout({ company }: { company: Pick<CompanyPage, 'description' | 'descriptionHtml' | 'links'> }) {
  const { t } = useLingui();
  return (
    <>
      {company.description ? (
        <div
          dir="auto"
          data-testid="company-about"
          className={ABOUT_CLASSES}
          dangerouslySetInnerHTML={{ __html: company.descriptionHtml }}
        />
      ) : null}
      {company.links.length > 0 ? (
        <ul aria-label={t`Links`} className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {company.links.map((link) => (
            <li key={link}>
              <CompanyLink href={link} />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
