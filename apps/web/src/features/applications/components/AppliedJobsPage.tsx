import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/PageTitle';
import { cellClass } from '../../../components/ui/Table';
import { dateOnly, salaryRangeDollars } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/store';
import { useAppliedJobs } from '../api/applications';
import { ApplicationsTable } from './ApplicationsTable';

const HEADERS = ['NO.', 'TITLE', 'COMPANY NAME', 'SALARY', 'APPLICATION DATE'] as const;

export function AppliedJobsPage() {
  const currentUser = useCurrentUser();
  const applied = useAppliedJobs(currentUser?._id);
  return (
    <section>
      <PageTitle>Your Applied Jobs</PageTitle>
      <ApplicationsTable
        caption="Jobs you applied to"
        headers={HEADERS}
        items={applied.data}
        loading={applied.isPending}
        renderRow={(application, number) => (
          <tr key={application._id} className="hover:bg-slate-50 dark:hover:bg-slate-800/50">
            <td className={cellClass}>{number}</td>
            <td className={`${cellClass} font-medium`}>
              <Link to={`/job/${application.job}`} className="hover:underline">
                {application.jobTitle}
              </Link>
            </td>
            <td className={cellClass}>{application.companyName}</td>
            <td className={cellClass}>{salaryRangeDollars(application.minPrice, application.maxPrice)}</td>
            <td className={cellClass}>{dateOnly(application.appliedDate)}</td>
          </tr>
        )}
      />
    </section>
  );
}
