import { conversionText, MESSAGES, MY_JOBS_SKELETON } from '@jobboard/shared';
import type { Job, JobStats } from '@jobboard/shared';
import { CircleCheck, CirclePause, Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { MyDrafts } from './MyDrafts';
import { MyCompanies } from '../../../components/account/MyCompanies';
import { ModerationBadge } from '../../../components/jobs/ModerationNotice';
import { Link } from '../../../components/ui/Link';
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
import { confirmDialog, showError, showSuccess } from '../../../components/ui/dialogs';
import { inputClass } from '../../../components/ui/Field';
import { PageTitle } from '../../../components/ui/PageTitle';
import { TableSize } from '../../../components/ui/TableSize';
import { Pagination } from '../../../components/ui/Pagination';
import { cellClass, EmptyRow, rowClass, Table, TableSkeletonRows } from '../../../components/ui/Table';
import { isAcknowledged, errorMessage } from '../../../lib/api';
import { longDate, payText } from '../../../lib/job-view';
import { usePageParam, useShownPage } from '../../../lib/page-param';
import { pageSizeFromParams, withPageSize } from '../../../lib/page-size';
import { clampPage, hasNextPage, hasPreviousPage, pageSlice } from '../../../lib/paging';
import { useCurrentUser } from '../../../lib/session';
import { useWideScreen } from '../../../lib/wide-screen';
import { useMyJobStats } from '../api/job-stats';
import { useUnseenApplications } from '../../../lib/unseen-applications';
import { useDeleteJob, useMyJobs, useSetJobStatus } from '../api/jobs';
import { todayIso } from '../job-dates';
import { statusActions, type StatusAction } from '../job-status';

const HEADERS = ['NO.', 'TITLE', 'COMPANY NAME', 'SALARY', 'STATUS', 'STATISTICS', 'EDIT', 'DELETE'] as const;

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
          {hidden ? 'Hidden' : 'Awaiting review'}
        </span>
        <span className="text-xs text-slate-600 dark:text-slate-300">
          {hidden ? 'by an administrator' : 'not in search yet'}
        </span>
      </span>
    );
  }
  const word = job.status === 'open' ? 'Open' : job.status === 'closed' ? 'Closed' : 'Expired';
  const day = longDate(job.validThrough, undefined, 'medium');
  const when = job.status === 'open' ? `until ${day}` : job.status === 'expired' ? `on ${day}` : '';
  return (
    <span className="flex flex-col items-start gap-0.5">
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[job.status]}`}>{word}</span>
      {when ? <span className="whitespace-nowrap text-xs text-slate-600 dark:text-slate-300">{when}</span> : null}
    </span>
  );
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

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
  if (!stats) return <span className="text-slate-600 dark:text-slate-300">{failed ? 'Not available' : '–'}</span>;
  return (
    <dl className="grid grid-cols-[auto_auto] gap-x-2 whitespace-nowrap text-xs" data-testid="job-stats">
      <dt className="text-slate-600 dark:text-slate-300">Views</dt>
      <dd className="font-semibold">{stats.views.toLocaleString('en-US')}</dd>
      <dt className="text-slate-600 dark:text-slate-300">Applications</dt>
      <dd className="font-semibold">
        <Link
          to={`/responses?job=${encodeURIComponent(job._id)}`}
          className="text-teal-800 underline hover:no-underline dark:text-teal-300"
          aria-label={`${count(stats.applications, 'application', 'applications')} to ${job.jobTitle}`}
        >
          {stats.applications.toLocaleString('en-US')}
        </Link>
        {unseen > 0 ? (
          <span
            className="ml-1.5 rounded-full bg-amber-100 px-1.5 py-0.5 text-amber-950 dark:bg-amber-900 dark:text-amber-50"
            data-testid="unseen-applications"
          >
            {unseen.toLocaleString('en-US')} new
          </span>
        ) : null}
      </dd>
      <dt className="text-slate-600 dark:text-slate-300">Conversion</dt>
      <dd
        className="font-semibold"
        title={
          stats.conversion === null
            ? 'No views yet'
            : `${count(stats.applications, 'application', 'applications')} from ${count(stats.views, 'view', 'views')}`
        }
      >
        {conversionText(stats.conversion)}
      </dd>
    </dl>
  );
}

const ACTION_ICONS = { close: CirclePause, reopen: CircleCheck, renew: RefreshCw } as const;

function JobTitleLink({ job }: { job: Job }) {
  return (
    <>
      <Link to={`/job/${job._id}`} className="hover:underline">
        {job.jobTitle}
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
  return (
    <>
      {statusActions(job, today).map((action) => {
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
  return (
    <Link
      to={`/edit-job/${job._id}`}
      className={buttonClass('secondary', className)}
      aria-label={`Edit ${job.jobTitle}`}
    >
      <Pencil size={14} aria-hidden="true" />
      Edit
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
  return (
    <Button
      variant="danger"
      className={className}
      aria-label={`Delete ${job.jobTitle}`}
      onClick={() => onDelete(job._id, job.jobTitle)}
      disabled={busy}
    >
      <Trash2 size={14} aria-hidden="true" />
      Delete
    </Button>
  );
}

/** The title search of the URL (`?q=`), as typed (it is matched trimmed and case-insensitively). */
export function searchFromParams(params: URLSearchParams): string {
  return (params.get('q') ?? '').slice(0, 200);
}

/** Case-insensitive substring match on the title (docs/product.md, "Constants and filters"). */
export function filterByTitle<T extends { jobTitle: string }>(jobs: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  return needle ? jobs.filter((job) => job.jobTitle.toLowerCase().includes(needle)) : [...jobs];
}

export function MyJobsPage() {
  const currentUser = useCurrentUser();
  const jobs = useMyJobs(currentUser?.email);
  const stats = useMyJobStats(currentUser?._id);
  const unseen = useUnseenApplications(currentUser?._id).data?.jobs ?? {};
  const deleteJob = useDeleteJob();
  const setStatus = useSetJobStatus();
  const [statusNote, setStatusNote] = useState('');
  const today = todayIso();
  const wide = useWideScreen();
  // The title search and the page live in the URL (`/my-job?q=chef&page=2`): Back and a reload keep them.
  const { page, setPage, params, setParams } = usePageParam();
  const appliedSearch = searchFromParams(params);
  // The box shows what is typed; a new search from the URL (Back, a link) replaces it. Not a remount: the focus stays.
  const [searchText, setSearchText] = useState(appliedSearch);
  const [shownSearch, setShownSearch] = useState(appliedSearch);
  if (shownSearch !== appliedSearch) {
    setShownSearch(appliedSearch);
    setSearchText(appliedSearch);
  }

  const pageSize = pageSizeFromParams(params);
  const filtered = filterByTitle(jobs.data ?? [], appliedSearch);
  const current = clampPage(page, filtered.length, pageSize);
  useShownPage(jobs.isSuccess ? current : undefined);
  const rows = pageSlice(filtered, current, pageSize);
  // On a failed load the table stays in its loading state (docs/product.md, "States").
  const loading = jobs.isPending || jobs.isError;

  const onDelete = async (id: string, title: string) => {
    const ok = await confirmDialog(
      MESSAGES.confirmTitle,
      `Delete the job "${title}"? This cannot be undone.`,
      MESSAGES.confirmDeleteAccountButton,
    );
    if (!ok) return;
    deleteJob.mutate(id, {
      onSuccess: (ack) => {
        if (isAcknowledged(ack)) void showSuccess(MESSAGES.jobDeleted);
      },
      onError: (error) => void showError(errorMessage(error)),
    });
  };

  const statusBusy = (job: Job) => setStatus.isPending && setStatus.variables.id === job._id;
  const deleteBusy = (job: Job) => deleteJob.isPending && deleteJob.variables === job._id;

  const onStatus = async (job: Job, action: StatusAction) => {
    if (action.confirm && !(await confirmDialog(action.confirm.title, action.confirm.text, action.confirm.button)))
      return;
    setStatusNote('');
    setStatus.mutate(
      { id: job._id, title: job.jobTitle, body: action.body },
      {
        onSuccess: (ack) => {
          if (isAcknowledged(ack)) setStatusNote(action.done);
        },
        onError: (error) => void showError(errorMessage(error)),
      },
    );
  };

  return (
    <section>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <PageTitle>All My Jobs</PageTitle>
        <Link to="/post-job" className={buttonClass('primary')}>
          <Plus size={16} aria-hidden="true" />
          POST A NEW JOB
        </Link>
      </div>
      <MyCompanies className="mb-4 mt-2" />
      <MyDrafts className="mb-6" />
      <form
        role="search"
        className="mb-6 mt-4 flex max-w-xl gap-2 sm:mt-0"
        onSubmit={(event) => {
          event.preventDefault();
          const text = searchText;
          const next = new URLSearchParams(params);
          if (text) next.set('q', text);
          else next.delete('q');
          next.delete('page');
          setParams(next);
        }}
      >
        <label htmlFor="my-jobs-search" className="sr-only">
          Search my jobs by title
        </label>
        <input
          id="my-jobs-search"
          type="search"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder="Search by job title"
          className={inputClass}
        />
        <Button type="submit">Search</Button>
      </form>

      <p
        role="status"
        className="mb-3 min-h-5 text-sm font-medium text-teal-800 dark:text-teal-200"
        data-testid="status-note"
      >
        {statusNote}
      </p>
      <TableSize
        total={jobs.isSuccess ? filtered.length : undefined}
        noun={['job', 'jobs']}
        pageSize={pageSize}
        onPageSize={(size) => setParams(withPageSize(params, size))}
      />
      {wide ? (
        <Table caption="Jobs you posted" headers={HEADERS}>
          {loading ? (
            <TableSkeletonRows rows={MY_JOBS_SKELETON.rows} columns={HEADERS.length} />
          ) : rows.length === 0 ? (
            <EmptyRow columns={HEADERS.length} text={MESSAGES.noDataFound} />
          ) : (
            rows.map((job, index) => (
              <tr key={job._id} className={rowClass}>
                <td className={cellClass}>{(current - 1) * pageSize + index + 1}</td>
                <td className={`${cellClass} font-medium`}>
                  <JobTitleLink job={job} />
                </td>
                <td className={cellClass}>{job.company.name || job.companyName}</td>
                <td className={cellClass}>{payText(job)}</td>
                <td className={cellClass}>
                  <StatusCell job={job} />
                  <div className="mt-2 flex flex-wrap gap-1.5">
                    <StatusActionButtons
                      job={job}
                      today={today}
                      busy={statusBusy(job)}
                      onStatus={(j, a) => void onStatus(j, a)}
                      className="whitespace-nowrap px-2 py-1 text-xs"
                    />
                  </div>
                </td>
                <td className={cellClass}>
                  <StatsCell
                    job={job}
                    stats={stats.data?.get(job._id)}
                    failed={stats.isError}
                    unseen={unseen[job._id]}
                  />
                </td>
                <td className={cellClass}>
                  <EditJobLink job={job} className="px-3 py-1.5" />
                </td>
                <td className={cellClass}>
                  <DeleteJobButton
                    job={job}
                    busy={deleteBusy(job)}
                    onDelete={(id, title) => void onDelete(id, title)}
                    className="px-3 py-1.5"
                  />
                </td>
              </tr>
            ))
          )}
        </Table>
      ) : loading ? (
        <CardSkeletons count={pageSize} />
      ) : rows.length === 0 ? (
        <CardEmpty text={MESSAGES.noDataFound} />
      ) : (
        <CardList label="Jobs you posted">
          {rows.map((job, index) => (
            <li key={job._id} className={cardClass}>
              <CardHeading number={(current - 1) * pageSize + index + 1}>
                <JobTitleLink job={job} />
              </CardHeading>
              <CardFields>
                <CardField label="COMPANY NAME">{job.company.name || job.companyName}</CardField>
                <CardField label="SALARY">{payText(job)}</CardField>
                <CardField label="STATUS">
                  <StatusCell job={job} />
                </CardField>
                <CardField label="STATISTICS">
                  <StatsCell
                    job={job}
                    stats={stats.data?.get(job._id)}
                    failed={stats.isError}
                    unseen={unseen[job._id]}
                  />
                </CardField>
              </CardFields>
              <CardActions>
                <StatusActionButtons
                  job={job}
                  today={today}
                  busy={statusBusy(job)}
                  onStatus={(j, a) => void onStatus(j, a)}
                  className=""
                />
                <EditJobLink job={job} className="" />
                <DeleteJobButton
                  job={job}
                  busy={deleteBusy(job)}
                  onDelete={(id, title) => void onDelete(id, title)}
                  className=""
                />
              </CardActions>
            </li>
          ))}
        </CardList>
      )}
      <Pagination
        edge="hide"
        page={current}
        hasPrevious={hasPreviousPage(current)}
        hasNext={hasNextPage(current, filtered.length, pageSize)}
        onPrevious={() => setPage(current - 1)}
        onNext={() => setPage(current + 1)}
        label="My jobs pages"
      />
    </section>
  );
}
