import type { Application, AppliedJobStatus } from '@jobboard/shared';
import { Button } from '../../../components/ui/Button';
import { CardActions, CardField, CardFields, CardHeading } from '../../../components/ui/CardList';
import { confirmDialog, showError } from '../../../components/ui/dialogs';
import { Link } from '../../../components/ui/Link';
import { cellClass } from '../../../components/ui/Table';
import { errorMessage } from '../../../lib/api';
import { dateOnly } from '../../../lib/format';
import { appliedPayText } from '../applied-pay';
import { useMyApplications } from '../../../lib/my-applications';
import { useCurrentUser } from '../../../lib/session';
import { useWithdraw } from '../api/pipeline';
import { ApplicationsPage } from './ApplicationsPage';
import { StageBadge } from './StageBadge';

const HEADERS = ['NO.', 'TITLE', 'COMPANY NAME', 'SALARY', 'APPLICATION DATE', 'STAGE', 'WITHDRAW'] as const;

// The content of one application, shown by a table row (600 px and wider) and by a card (narrower) alike: add to
// these, and both layouts show it.

/** What became of a job no longer open, as its applicant sees it (Application.jobStatus). */
const JOB_GONE: Record<Exclude<AppliedJobStatus, 'open'>, string> = {
  closed: 'Job closed',
  expired: 'Job expired',
  removed: 'No longer available',
};

/**
 * The job's title, linking to its page; a job no longer open says so under it, and one an administrator took down
 * (its page answers "not found" to everyone but its poster) is not linked.
 */
function AppliedTitle({ application }: { application: Application }) {
  const status = application.jobStatus ?? 'open';
  return (
    <span className="flex flex-col items-start gap-0.5">
      {status === 'removed' ? (
        <span>{application.jobTitle}</span>
      ) : (
        <Link to={`/job/${application.job}`} className="hover:underline">
          {application.jobTitle}
        </Link>
      )}
      {status === 'open' ? null : (
        <span data-testid="job-gone" className="text-xs font-normal text-slate-700 dark:text-slate-300">
          {JOB_GONE[status]}
        </span>
      )}
    </span>
  );
}

function AppliedStage({ application }: { application: Application }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <StageBadge stage={application.stage} />
      {/* A job an administrator took down links nowhere from here, its thread included. */}
      {application.jobStatus === 'removed' ? null : (
        <Link
          to={`/messages/${application._id}`}
          className="text-xs font-semibold text-teal-800 hover:underline dark:text-teal-300"
        >
          Messages and interviews
        </Link>
      )}
      {application.withdrawnAt ? (
        <span className="text-xs font-semibold text-slate-700 dark:text-slate-300">
          Withdrawn {dateOnly(application.withdrawnAt)}
        </span>
      ) : null}
      {/* What went with it (decision record 23); the note itself and the CV are one click away on the employer's side. */}
      {application.cv || application.coverNote ? (
        <span className="text-xs text-slate-700 dark:text-slate-300" data-testid="sent-materials">
          {[application.coverNote ? 'Note sent' : '', application.cv ? 'CV sent' : ''].filter(Boolean).join(' · ')}
        </span>
      ) : null}
    </span>
  );
}

/** The seeker's applications with where each stands (the stage, never the employer's notes), and a way to withdraw. */
export function AppliedJobsPage() {
  const applied = useMyApplications(useCurrentUser()?._id);
  const withdraw = useWithdraw();
  const onWithdraw = async (application: Application) => {
    const ok = await confirmDialog(
      'Withdraw this application?',
      `The employer of "${application.jobTitle}" will see that you withdrew. You cannot apply to this job again.`,
      'Yes, withdraw',
    );
    if (!ok) return;
    withdraw.mutate(application._id, { onError: (error) => void showError(errorMessage(error)) });
  };
  const withdrawButton = (application: Application, className: string) =>
    application.withdrawnAt ? null : (
      <Button
        variant="secondary"
        className={className}
        aria-label={`Withdraw your application to ${application.jobTitle}`}
        disabled={withdraw.isPending && withdraw.variables === application._id}
        onClick={() => void onWithdraw(application)}
      >
        Withdraw
      </Button>
    );
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
            <AppliedTitle application={application} />
          </td>
          <td className={cellClass}>{application.companyName}</td>
          <td className={cellClass}>{appliedPayText(application)}</td>
          <td className={cellClass}>{dateOnly(application.appliedDate)}</td>
          <td className={cellClass}>
            <AppliedStage application={application} />
          </td>
          <td className={cellClass}>{withdrawButton(application, 'whitespace-nowrap px-2 py-1 text-xs')}</td>
        </>
      )}
      renderCard={(application, number) => (
        <>
          <CardHeading number={number}>
            <AppliedTitle application={application} />
          </CardHeading>
          <CardFields>
            <CardField label="COMPANY NAME">{application.companyName}</CardField>
            <CardField label="SALARY">{appliedPayText(application)}</CardField>
            <CardField label="APPLICATION DATE">{dateOnly(application.appliedDate)}</CardField>
            <CardField label="STAGE">
              <AppliedStage application={application} />
            </CardField>
          </CardFields>
          {application.withdrawnAt ? null : <CardActions>{withdrawButton(application, '')}</CardActions>}
        </>
      )}
    />
  );
}
