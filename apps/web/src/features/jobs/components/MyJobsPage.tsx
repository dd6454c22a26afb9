import type { Job } from '@jobboard/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { MyDrafts } from './MyDrafts';
import { MyJobsList, type MyJobActions } from './MyJobsList';
import { MyCompanies } from '../../../components/account/MyCompanies';
import { Link } from '../../../components/ui/Link';
import { Button, buttonClass } from '../../../components/ui/Button';
import { confirmDialog, showError, showSuccess } from '../../../components/ui/dialogs';
import { inputClass } from '../../../components/ui/Field';
import { PageTitle } from '../../../components/ui/PageTitle';
import { TableSize } from '../../../components/ui/TableSize';
import { Pagination } from '../../../components/ui/Pagination';
import { isAcknowledged, errorMessage } from '../../../lib/api';
import { usePageParam, useShownPage } from '../../../lib/page-param';
import { pageSizeFromParams, withPageSize } from '../../../lib/page-size';
import { clampPage, hasNextPage, hasPreviousPage, pageSlice } from '../../../lib/paging';
import { useCurrentUser } from '../../../lib/session';
import { useWideScreen } from '../../../lib/wide-screen';
import { useMyJobStats } from '../api/job-stats';
import { useUnseenApplications } from '../../../lib/unseen-applications';
import { useDeleteJob, useMyJobs, useSetJobStatus } from '../api/jobs';
import { todayIso } from '../job-dates';
import type { StatusAction } from '../job-status';

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
  const { t } = useLingui();
  const jobs = useMyJobs(currentUser?.email);
  const stats = useMyJobStats(currentUser?._id);
  const unseen = useUnseenApplications(currentUser?._id).data?.jobs ?? {};
  const actions = useMyJobActions();
  const today = todayIso();
  const wide = useWideScreen();
  // The title search and the page live in the URL (`/my-job?q=chef&page=2`): Back and a reload keep them.
  const { page, setPage, params, setParams } = usePageParam();
  const appliedSearch = searchFromParams(params);

  const pageSize = pageSizeFromParams(params);
  const filtered = filterByTitle(jobs.data ?? [], appliedSearch);
  const current = clampPage(page, filtered.length, pageSize);
  useShownPage(jobs.isSuccess ? current : undefined);
  const rows = pageSlice(filtered, current, pageSize);
  // On a failed load the table stays in its loading state (docs/product.md, "States").
  const loading = jobs.isPending || jobs.isError;

  return (
    <section>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <PageTitle>
          <Trans>All My Jobs</Trans>
        </PageTitle>
        <Link to="/post-job" className={buttonClass('primary')}>
          <Plus size={16} aria-hidden="true" />
          <Trans>POST A NEW JOB</Trans>
        </Link>
      </div>
      <MyCompanies className="mb-4 mt-2" />
      <MyDrafts className="mb-6" />
      <MyJobsSearch applied={appliedSearch} params={params} setParams={setParams} />

      <p
        role="status"
        className="mb-3 min-h-5 text-sm font-medium text-teal-800 dark:text-teal-200"
        data-testid="status-note"
      >
        {actions.statusNote}
      </p>
      <TableSize
        total={jobs.isSuccess ? t`${plural(filtered.length, { one: '# job', other: '# jobs' })}` : undefined}
        pageSize={pageSize}
        onPageSize={(size) => setParams(withPageSize(params, size))}
      />
      <MyJobsList
        rows={rows}
        loading={loading}
        wide={wide}
        first={(current - 1) * pageSize + 1}
        skeletons={pageSize}
        today={today}
        stats={stats}
        unseen={unseen}
        actions={actions}
      />
      <Pagination
        edge="hide"
        page={current}
        hasPrevious={hasPreviousPage(current)}
        hasNext={hasNextPage(current, filtered.length, pageSize)}
        onPrevious={() => setPage(current - 1)}
        onNext={() => setPage(current + 1)}
        label={t`My jobs pages`}
      />
    </section>
  );
}

/** Delete, close, reopen and renew, each asked first where it cannot be undone; `statusNote` says what was done. */
function useMyJobActions(): MyJobActions {
  const { t } = useLingui();
  const deleteJob = useDeleteJob();
  const setStatus = useSetJobStatus();
  const [statusNote, setStatusNote] = useState('');
  const onDelete = async (id: string, title: string) => {
    const ok = await confirmDialog(
      t`Are you sure?`,
      t`Delete the job "${title}"? This cannot be undone.`,
      t`Yes, delete it!`,
    );
    if (!ok) return;
    deleteJob.mutate(id, {
      onSuccess: (ack) => {
        if (isAcknowledged(ack)) void showSuccess(t`Job Deleted successfully`);
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

  return {
    statusNote,
    onDelete: (id, title) => void onDelete(id, title),
    onStatus: (job, action) => void onStatus(job, action),
    statusBusy,
    deleteBusy,
  };
}

/** The title search (`?q=`): the box shows what is typed; a new search from the URL (Back, a link) replaces it. */
function MyJobsSearch({
  applied,
  params,
  setParams,
}: {
  applied: string;
  params: URLSearchParams;
  setParams: (next: URLSearchParams) => void;
}) {
  const { t } = useLingui();
  // Not a remount on a new search from the URL: the focus stays in the box.
  const [searchText, setSearchText] = useState(applied);
  const [shownSearch, setShownSearch] = useState(applied);
  if (shownSearch !== applied) {
    setShownSearch(applied);
    setSearchText(applied);
  }
  return (
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
        <Trans>Search my jobs by title</Trans>
      </label>
      <input
        id="my-jobs-search"
        type="search"
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
        placeholder={t`Search by job title`}
        className={inputClass}
      />
      <Button type="submit">
        <Trans>Search</Trans>
      </Button>
    </form>
  );
}
