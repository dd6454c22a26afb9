import type { Application, AppliedJobStatus } from '@jobboard/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/ui/Button';
import { CardActions, CardField, CardFields, CardHeading } from '../../../components/ui/CardList';
import { confirmDialog, showError } from '../../../components/ui/dialogs';
import { Link } from '../../../components/ui/Link';
import { cellClass } from '../../../components/ui/Table';
import { errorMessage } from '../../../lib/api';
import { dateOnly } from '../../../lib/format';
import { appliedPayText } from '../applied-pay';
import { useMyApplications } from '../../../lib/my-applications';
import { useReaderLocale } from '../../../lib/locale';
import { useCurrentUser } from '../../../lib/session';
import { useWithdraw } from '../api/pipeline';
import { ApplicationsPage } from './ApplicationsPage';
import { StageBadge } from './StageBadge';
import { UnreadMessages, UnreadThreadsNotice } from './UnreadMessages';

const HEADERS = [
  msg`NO.`,
  msg`TITLE`,
  msg`COMPANY NAME`,
  msg`SALARY`,
  msg`APPLICATION DATE`,
  msg`STAGE`,
  msg`WITHDRAW`,
] as const;

// The content of one application, shown by a table row (600 px and wider) and by a card (narrower) alike: add to
// these, and both layouts show it.

/** What became of a job no longer open, as its applicant sees it (Application.jobStatus). */
const JOB_GONE: Record<Exclude<AppliedJobStatus, 'open'>, MessageDescriptor> = {
  closed: msg`Job closed`,
  expired: msg`Job expired`,
  removed: msg`No longer available`,
};

/**
 * The job's title, linking to its page; a job no longer open says so under it, and one an administrator took down
 * (its page answers "not found" to everyone but its poster) is not linked.
 */
function AppliedTitle({ application }: { application: Application }) {
  const { i18n } = useLingui();
  const status = application.jobStatus ?? 'open';
  return (
    <span className="flex flex-col items-start gap-0.5">
      {status === 'removed' ? (
        <span dir="auto">{application.jobTitle}</span>
      ) : (
        <Link to={`/job/${application.job}`} className="hover:underline" dir="auto">
          {application.jobTitle}
        </Link>
      )}
      {status === 'open' ? null : (
        <span data-testid="job-gone" className="text-xs font-normal text-slate-700 dark:text-slate-300">
          {i18n._(JOB_GONE[status])}
        </span>
      )}
    </span>
  );
}

function AppliedStage({ application }: { application: Application }) {
  const { t } = useLingui();
  const withdrawnOn = application.withdrawnAt ? dateOnly(application.withdrawnAt) : '';
  return (
    <span className="flex flex-col items-start gap-1">
      <StageBadge stage={application.stage} />
      {/* A job an administrator took down links nowhere from here, its thread included. */}
      {application.jobStatus === 'removed' ? null : (
        <>
          <Link
            to={`/messages/${application._id}`}
            className="text-xs font-semibold text-teal-800 hover:underline dark:text-teal-300"
          >
            <Trans>Messages and interviews</Trans>
          </Link>
          <UnreadMessages applicationId={application._id} />
        </>
      )}
      {application.withdrawnAt ? (
        <span className="text-xs font-semibold text-slate-700 dark:text-slate-300">
          <Trans>Withdrawn {withdrawnOn}</Trans>
        </span>
      ) : null}
      {/* What went with it (decision record 23); the note itself and the CV are one click away on the employer's side. */}
      {application.cv || application.coverNote ? (
        <span className="text-xs text-slate-700 dark:text-slate-300" data-testid="sent-materials">
          {[application.coverNote ? t`Note sent` : '', application.cv ? t`CV sent` : ''].filter(Boolean).join(' · ')}
        </span>
      ) : null}
    </span>
  );
}

/** The seeker's applications with where each stands (the stage, never the employer's notes), and a way to withdraw. */
export function AppliedJobsPage() {
  const applied = useMyApplications(useCurrentUser()?._id);
  const withdraw = useWithdraw();
  const { i18n, t } = useLingui();
  const locale = useReaderLocale();
  const headers = HEADERS.map((header) => i18n._(header));
  const onWithdraw = async (application: Application) => {
    const jobTitle = application.jobTitle;
    const ok = await confirmDialog(
      t`Withdraw this application?`,
      t`The employer of "${jobTitle}" will see that you withdrew. You cannot apply to this job again.`,
      t`Yes, withdraw`,
    );
    if (!ok) return;
    withdraw.mutate(application._id, { onError: (error) => void showError(errorMessage(error)) });
  };
  const withdrawButton = (application: Application, className: string) => {
    const jobTitle = application.jobTitle;
    return application.withdrawnAt ? null : (
      <Button
        variant="secondary"
        className={className}
        aria-label={t`Withdraw your application to ${jobTitle}`}
        disabled={withdraw.isPending && withdraw.variables === application._id}
        onClick={() => void onWithdraw(application)}
      >
        <Trans>Withdraw</Trans>
      </Button>
    );
  };
  return (
    <ApplicationsPage
      title={t`Your Applied Jobs`}
      caption={t`Jobs you applied to`}
      pagesLabel={t`Jobs you applied to pages`}
      headers={headers}
      applications={applied}
      intro={<UnreadThreadsNotice side="candidate" />}
      renderCells={(application, number) => (
        <>
          <td className={cellClass}>{number}</td>
          <td className={`${cellClass} font-medium`}>
            <AppliedTitle application={application} />
          </td>
          <td className={cellClass} dir="auto">
            {application.companyName}
          </td>
          <td className={cellClass}>{appliedPayText(i18n, application, locale)}</td>
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
            <CardField label={i18n._(HEADERS[2])}>
              <bdi>{application.companyName}</bdi>
            </CardField>
            <CardField label={i18n._(HEADERS[3])}>{appliedPayText(i18n, application, locale)}</CardField>
            <CardField label={i18n._(HEADERS[4])}>{dateOnly(application.appliedDate)}</CardField>
            <CardField label={i18n._(HEADERS[5])}>
              <AppliedStage application={application} />
            </CardField>
          </CardFields>
          {application.withdrawnAt ? null : <CardActions>{withdrawButton(application, '')}</CardActions>}
        </>
      )}
    />
  );
}
