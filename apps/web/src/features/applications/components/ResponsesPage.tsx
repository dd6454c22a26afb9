import { MESSAGES } from '@jobboard/shared';
import { ExternalLink } from 'lucide-react';
import { PageTitle } from '../../../components/ui/PageTitle';
import { cellClass } from '../../../components/ui/Table';
import { dateOnly } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/store';
import { useResponses } from '../api/applications';
import { ApplicationsTable } from './ApplicationsTable';

const HEADERS = ['NO.', 'TITLE', 'NAME', 'RESUME LINK', 'E-MAIL', 'APPLICATION DATE'] as const;

export function ResponsesPage() {
  const currentUser = useCurrentUser();
  const responses = useResponses(currentUser?.email);
  return (
    <section>
      <PageTitle>Job Responses</PageTitle>
      <ApplicationsTable
        caption="Applications to your jobs"
        headers={HEADERS}
        items={responses.data}
        loading={responses.isPending}
        renderRow={(application, number) => (
          <tr key={application._id} className="hover:bg-slate-50 dark:hover:bg-slate-800/50">
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
          </tr>
        )}
      />
    </section>
  );
}
