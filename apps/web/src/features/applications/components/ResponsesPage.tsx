import { MESSAGES } from '@jobboard/shared';
import { ExternalLink } from 'lucide-react';
import { cellClass } from '../../../components/ui/Table';
import { dateOnly } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { useResponses } from '../api/applications';
import { ApplicationsPage } from './ApplicationsPage';

const HEADERS = ['NO.', 'TITLE', 'NAME', 'RESUME LINK', 'E-MAIL', 'APPLICATION DATE'] as const;

export function ResponsesPage() {
  const responses = useResponses(useCurrentUser()?.email);
  return (
    <ApplicationsPage
      title="Job Responses"
      caption="Applications to your jobs"
      headers={HEADERS}
      applications={responses}
      renderCells={(application, number) => (
        <>
          <td className={cellClass}>{number}</td>
          <td className={`${cellClass} font-medium`}>{application.jobTitle}</td>
          <td className={cellClass}>{application.applicantName}</td>
          <td className={cellClass}>
            {application.applicantResume ? (
              <a
                href={application.applicantResume}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-teal-800 underline hover:text-teal-900 dark:text-teal-300 dark:hover:text-teal-200"
              >
                Resume
                <ExternalLink size={14} aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            ) : (
              <span className="text-slate-600 dark:text-slate-300">{MESSAGES.noResumeListed}</span>
            )}
          </td>
          <td className={cellClass}>
            <a href={`mailto:${application.applicantEmail}`} className="whitespace-nowrap hover:underline">
              {application.applicantEmail}
            </a>
          </td>
          <td className={cellClass}>{dateOnly(application.appliedDate)}</td>
        </>
      )}
    />
  );
}
