import { Link } from '../../../components/ui/Link';
import { cellClass } from '../../../components/ui/Table';
import { dateOnly, salaryRangeDollars } from '../../../lib/format';
import { useMyApplications } from '../../../lib/my-applications';
import { useCurrentUser } from '../../../lib/session';
import { ApplicationsPage } from './ApplicationsPage';

const HEADERS = ['NO.', 'TITLE', 'COMPANY NAME', 'SALARY', 'APPLICATION DATE'] as const;

export function AppliedJobsPage() {
  const applied = useMyApplications(useCurrentUser()?._id);
  return (
    <ApplicationsPage
      title="Your Applied Jobs"
      caption="Jobs you applied to"
      headers={HEADERS}
      applications={applied}
      renderCells={(application, number) => (
        <>
          <td className={cellClass}>{number}</td>
          <td className={`${cellClass} font-medium`}>
            <Link to={`/job/${application.job}`} className="hover:underline">
              {application.jobTitle}
            </Link>
          </td>
          <td className={cellClass}>{application.companyName}</td>
          <td className={cellClass}>{salaryRangeDollars(application.minPrice, application.maxPrice)}</td>
          <td className={cellClass}>{dateOnly(application.appliedDate)}</td>
        </>
      )}
    />
  );
}
