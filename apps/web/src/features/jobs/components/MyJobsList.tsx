import { conversionText, MY_JOBS_SKELETON } from '@jobboard/shared';
import type { Job, JobStats } from '@jobboard/shared';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck, CirclePause, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { ModerationBadge } from '../../../components/jobs/ModerationNotice';
import { Link } from '../../../components/ui/Link';
import { NewBadge } from '../../../components/ui/NewBadge';
import { Button, buttonClass } from '../../../components/ui/Button';
import {
  CardActions,
  CardEmpty,
  CardField,
  CardFields,
  CardHeading,
  CardList,
  CardSkeletons,
  cardClass,
} from '../../../components/ui/CardList';
import { cellClass, EmptyRow, rowClass, Table, TableSkeletonRows } from '../../../components/ui/Table';
import { longDate } from '../../../lib/job-view';
import { payIn } from '../../../lib/job-words';
import { useReaderLocale } from '../../../lib/locale';
import type { StatusAction } from '../job-status';
import { statusActions } from '../job-status';

const HEADERS = [
  msg`NO.`,
  msg`TITLE`,
  msg`COMPANY NAME`,
  msg`SALARY`,
  msg`STATUS`,
  msg`STATISTICS`,
  msg`EDIT`,
  msg`DELETE`,
] as const;

const STATUS_STYLES: Record<Job['status'], string> = {
  open: 'bg-teal-50 text-teal-900 dark:bg-teal-950 dark:text-teal-100',
  closed: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  expired: 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
};

// The content of one job, shown by a table row (600 px and wider) and by a card (narrower) alike: add to these
// components (StatusCell, StatsCell, ...), and both layouts show it.

/**
 * Open (until a date), Closed, or Expired (on a date). A job an administrator hid, or one awaiting review, is in
 * no search whatever its own status: it says so instead of a green "Open".
 */
function StatusCell({ job }: { job: Job }) {
  const { t } = useLingui();
  const locale = useReaderLocale();
  if (job.moderation) {
    const hidden = job.moderation.state === 'hidden';
    return (
      <span className="flex flex-col items-start gap-0.5">
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            hidden
              ? 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100'
              : 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100'
          }`}
        >
          {hidden ? t`Hidden` : t`Awaiting review`}
        </span>
        <span className="text-xs text-slate-600 dark:text-slate-300">
          {hidden ? t`by an administrator` : t`not in search yet`}
        </span>
      </span>
    );
  }
  const word = job.status === 'open' ? t`Open` : job.status === 'closed' ? t`Closed` : t`Expired`;
  const day = longDate(job.validThrough, locale, 'medium');
  const when = job.status === 'open' ? t`until ${day}` : job.status === 'expired' ? t`on ${day}` : '';
  return (
    <span className="flex flex-col items-start gap-0.5">
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[job.status]}`}>{word}</span>
      {when ? <span className="whitespace-nowrap text-xs text-slate-600 dark:text-slate-300">{when}</span> : null}
    </span>
  );
}

const applicationsText = (i18n: I18n, n: number) =>
  i18n._(msg`${plural(n, { one: '# application', other: '# applications' })}`);
const viewsText = (i18n: I18n, n: number) => i18n._(msg`${plural(n, { one: '# view', other: '# views' })}`);

/**
 * Views (each visitor once a day), applications (a link to them in Responses), and the share of views that
 * applied; a dash while unknown.
 */
function StatsCell({
  job,
  stats,
  failed,
  unseen = 0,
}: {
  job: Job;
  stats: JobStats | undefined;
  failed: boolean;
  unseen?: number;
}) {
  const { t, i18n } = useLingui();
  const locale = useReaderLocale();
  if (!stats) return <span className="text-slate-600 dark:text-slate-300">{failed ? t`Not available` : '–'}</span>;
  const applications = applicationsText(i18n, stats.applications);
  const views = viewsText(i18n, stats.views);
  const jobTitle = job.jobTitle;
  const newCount = unseen.toLocaleString(locale);
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-2 text-xs" data-testid="job-stats">
      <dt className="text-slate-600 dark:text-slate-300">
        <Trans>Views</Trans>
      </dt>
      <dd className="font-semibold">{stats.views.toLocaleString(locale)}</dd>
      <dt className="text-slate-600 dark:text-slate-300">
        <Trans>Applications</Trans>
      </dt>
      <dd className="font-semibold">
        <Link
          to={`/responses?job=${encodeURIComponent(job._id)}`}
          className="text-teal-800 underline hover:no-underline dark:text-teal-300"
          aria-label={t`${applications} to ${jobTitle}`}
        >
          {stats.applications.toLocaleString(locale)}
        </Link>
        {unseen > 0 ? (
          <span className="ms-1.5">
            <NewBadge testId="unseen-applications">
              <Trans>{newCount} new</Trans>
            </NewBadge>
          </span>
        ) : null}
      </dd>
      <dt className="text-slate-600 dark:text-slate-300">
        <Trans>Conversion</Trans>
      </dt>
      <dd
        className="font-semibold"
        title={stats.conversion === null ? t`No views yet` : t`${applications} from ${views}`}
      >
        {conversionText(stats.conversion)}
      </dd>
      {stats.applyClicks !== undefined ? (
        <>
          <dt className="text-slate-600 dark:text-slate-300">
            <Trans>Sent to your site</Trans>
          </dt>
          <dd className="font-semibold" data-testid="apply-clicks">
            {stats.applyClicks.toLocaleString(locale)}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

const ACTION_ICONS = { close: CirclePause, reopen: CircleCheck, renew: RefreshCw } as const;

function JobTitleLink({ job }: { job: Job }) {
  return (
    <>
      <Link to={`/job/${job._id}`} className="hover:underline">
        <bdi>{job.jobTitle}</bdi>
      </Link>
      <ModerationBadge job={job} />
    </>
  );
}

interface JobActionsProps {
  job: Job;
  today: string;
  busy: boolean;
  onStatus: (job: Job, action: StatusAction) => void;
  className: string;
}

/** Close, Reopen, Renew: the ones the job's status allows. */
function StatusActionButtons({ job, today, busy, onStatus, className }: JobActionsProps) {
  const { i18n } = useLingui();
  return (
    <>
      {statusActions(job, today, i18n).map((action) => {
        const Icon = ACTION_ICONS[action.kind];
        return (
          <Button
            key={action.kind}
            variant="secondary"
            className={className}
            aria-label={`${action.label} ${job.jobTitle}`}
            disabled={busy}
            onClick={() => onStatus(job, action)}
          >
            <Icon size={13} aria-hidden="true" />
            {action.label}
          </Button>
        );
      })}
    </>
  );
}

function EditJobLink({ job, className }: { job: Job; className: string }) {
  const { t } = useLingui();
  const jobTitle = job.jobTitle;
  return (
    <Link to={`/edit-job/${job._id}`} className={buttonClass('secondary', className)} aria-label={t`Edit ${jobTitle}`}>
      <Pencil size={14} aria-hidden="true" />
      <Trans>Edit</Trans>
    </Link>
  );
}

function DeleteJobButton({
  job,
  busy,
  onDelete,
  className,
}: {
  job: Job;
  busy: boolean;
  onDelete: (id: string, title: string) => void;
  className: string;
}) {
  const { t } = useLingui();
  const jobTitle = job.jobTitle;
  return (
    <Button
      variant="danger"
      className={className}
      aria-label={t`Delete ${jobTitle}`}
      onClick={() => onDelete(job._id, job.jobTitle)}
      disabled={busy}
    >
      <Trash2 size={14} aria-hidden="true" />
      <Trans>Delete</Trans>
    </Button>
  );
}

/** What a job's buttons do, from the page (useMyJobActions). */
export interface MyJobActions {
  statusNote: string;
  onDelete: (id: string, title: string) => void;
  onStatus: (job: Job, action: StatusAction) => void;
  statusBusy: (job: Job) => boolean;
  deleteBusy: (job: Job) => boolean;
}

interface MyJobsListProps {
  rows: Job[];
  loading: boolean;
  wide: boolean;
  /** The number of the page's first job. */
  first: number;
  skeletons: number;
  today: string;
  stats: { data?: Map<string, JobStats> | undefined; isError: boolean };
  unseen: Record<string, number>;
  actions: MyJobActions;
}

/** The jobs of the page: a table from 600 px, cards below (decision 19), the same cells in both. */
export function MyJobsList(props: MyJobsListProps) {
  const { t } = useLingui();
  if (props.wide) return <MyJobsTable {...props} />;
  if (props.loading) return <CardSkeletons count={props.skeletons} />;
  if (props.rows.length === 0) return <CardEmpty text={t`No Data Found !`} />;
  return <MyJobsCards {...props} />;
}

function MyJobsTable({ rows, loading, first, today, stats, unseen, actions }: MyJobsListProps) {
  const { onDelete, onStatus, statusBusy, deleteBusy } = actions;
  const { t, i18n } = useLingui();
  const locale = useReaderLocale();
  return (
    <Table caption={t`Jobs you posted`} headers={HEADERS.map((header) => i18n._(header))}>
      {loading ? (
        <TableSkeletonRows rows={MY_JOBS_SKELETON.rows} columns={HEADERS.length} />
      ) : rows.length === 0 ? (
        <EmptyRow columns={HEADERS.length} text={t`No Data Found !`} />
      ) : (
        rows.map((job, index) => (
          <tr key={job._id} className={rowClass}>
            <td className={cellClass}>{first + index}</td>
            <td className={`${cellClass} font-medium`}>
              <JobTitleLink job={job} />
            </td>
            <td className={cellClass}>
              <bdi>{job.company.name || job.companyName}</bdi>
            </td>
            <td className={cellClass}>
              <bdi>{payIn(i18n, job, locale)}</bdi>
            </td>
            <td className={cellClass}>
              <StatusCell job={job} />
              <div className="mt-2 flex flex-wrap gap-1.5">
                <StatusActionButtons
                  job={job}
                  today={today}
                  busy={statusBusy(job)}
                  onStatus={onStatus}
                  className="whitespace-nowrap px-2 py-1 text-xs"
                />
              </div>
            </td>
            <td className={cellClass}>
              <StatsCell job={job} stats={stats.data?.get(job._id)} failed={stats.isError} unseen={unseen[job._id]} />
            </td>
            <td className={cellClass}>
              <EditJobLink job={job} className="px-3 py-1.5" />
            </td>
            <td className={cellClass}>
              <DeleteJobButton job={job} busy={deleteBusy(job)} onDelete={onDelete} className="px-3 py-1.5" />
            </td>
          </tr>
        ))
      )}
    </Table>
  );
}

function MyJobsCards({ rows, first, today, stats, unseen, actions }: MyJobsListProps) {
  const { onDelete, onStatus, statusBusy, deleteBusy } = actions;
  const { t, i18n } = useLingui();
  const locale = useReaderLocale();
  return (
    <CardList label={t`Jobs you posted`}>
      {rows.map((job, index) => (
        <li key={job._id} className={cardClass}>
          <CardHeading number={first + index}>
            <JobTitleLink job={job} />
          </CardHeading>
          <CardFields>
            <CardField label={t`COMPANY NAME`}>
              <bdi>{job.company.name || job.companyName}</bdi>
            </CardField>
            <CardField label={t`SALARY`}>
              <bdi>{payIn(i18n, job, locale)}</bdi>
            </CardField>
            <CardField label={t`STATUS`}>
              <StatusCell job={job} />
            </CardField>
            <CardField label={t`STATISTICS`}>
              <StatsCell job={job} stats={stats.data?.get(job._id)} failed={stats.isError} unseen={unseen[job._id]} />
            </CardField>
          </CardFields>
          <CardActions>
            <StatusActionButtons job={job} today={today} busy={statusBusy(job)} onStatus={onStatus} className="" />
            <EditJobLink job={job} className="" />
            <DeleteJobButton job={job} busy={deleteBusy(job)} onDelete={onDelete} className="" />
          </CardActions>
        </li>
      ))}
    </CardList>
  );
}
