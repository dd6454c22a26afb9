import type { Application } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink, MapPin } from 'lucide-react';

type WithCandidate = Pick<Application, 'applicantName' | 'candidate'>;

/** Whether the applicant gave a headline, a location or links on their profile (decision record 44). */
export function hasCandidateDetails({ candidate }: WithCandidate): boolean {
  return Boolean(candidate && (candidate.headline || candidate.location || candidate.links.length > 0));
}

/** A link's host and path, short enough for a row: "github.com/someone". */
function shortLink(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return url;
  }
}

/** The applicant's headline, location and links, as their profile says today (Responses, both layouts). */
export function CandidateSummary({ application, className = '' }: { application: WithCandidate; className?: string }) {
  const { candidate } = application;
  const { t } = useLingui();
  const applicantName = application.applicantName;
  if (!candidate || !hasCandidateDetails(application)) return null;
  return (
    <div className={`text-sm text-slate-800 dark:text-slate-200 ${className}`} data-testid="candidate-summary">
      {candidate.headline ? (
        <p className="font-medium wrap-anywhere" dir="auto">
          {candidate.headline}
        </p>
      ) : null}
      {candidate.location ? (
        <p className="mt-0.5 flex items-center gap-1 text-slate-700 dark:text-slate-300">
          <MapPin size={14} aria-hidden="true" />
          <span className="wrap-anywhere" dir="auto">
            {candidate.location}
          </span>
        </p>
      ) : null}
      {candidate.links.length > 0 ? (
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1" aria-label={t`Links of ${applicantName}`}>
          {candidate.links.map((link) => (
            <li key={link} className="min-w-0">
              <a
                href={link}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="inline-flex items-center gap-1 break-all font-medium text-teal-800 underline hover:no-underline dark:text-teal-300"
              >
                {shortLink(link)}
                <ExternalLink size={12} aria-hidden="true" className="rtl:[transform:scaleX(-1)]" />
                <span className="sr-only">
                  <Trans>(opens in a new tab)</Trans>
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
