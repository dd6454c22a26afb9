import { MESSAGES, MY_JOBS_SKELETON, TABLE_PAGE_SIZE } from '@jobboard/shared';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../../components/ui/Link';
import { Button, buttonClass } from '../../../components/ui/Button';
import { confirmDialog, showError, showSuccess } from '../../../components/ui/dialogs';
import { inputClass } from '../../../components/ui/Field';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Pagination } from '../../../components/ui/Pagination';
import { cellClass, EmptyRow, rowClass, Table, TableSkeletonRows } from '../../../components/ui/Table';
import { isAcknowledged, errorMessage } from '../../../lib/api';
import { salaryRangeK } from '../../../lib/format';
import { clampPage, hasNextPage, hasPreviousPage, pageSlice } from '../../../lib/paging';
import { useCurrentUser } from '../../../lib/session';
import { useDeleteJob, useMyJobs } from '../api/jobs';

const HEADERS = ['NO.', 'TITLE', 'COMPANY NAME', 'SALARY', 'EDIT', 'DELETE'] as const;

/** Case-insensitive substring match on the title (docs/product.md, "Constants and filters"). */
export function filterByTitle<T extends { jobTitle: string }>(jobs: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  return needle ? jobs.filter((job) => job.jobTitle.toLowerCase().includes(needle)) : [...jobs];
}

export function MyJobsPage() {
  const currentUser = useCurrentUser();
  const jobs = useMyJobs(currentUser?.email);
  const deleteJob = useDeleteJob();
  const [searchText, setSearchText] = useState('');
  const [appliedSearch, setAppliedSearch] = useState('');
  const [page, setPage] = useState(1);

  const filtered = filterByTitle(jobs.data ?? [], appliedSearch);
  const current = clampPage(page, filtered.length, TABLE_PAGE_SIZE);
  const rows = pageSlice(filtered, current, TABLE_PAGE_SIZE);
  // On a failed load the table stays in its loading state (docs/product.md, "States").
  const loading = jobs.isPending || jobs.isError;

  const onDelete = async (id: string, title: string) => {
    const ok = await confirmDialog(MESSAGES.confirmTitle, `Delete the job "${title}"? This cannot be undone.`, MESSAGES.confirmDeleteAccountButton);
    if (!ok) return;
    deleteJob.mutate(id, {
      onSuccess: (ack) => {
        if (isAcknowledged(ack)) void showSuccess(MESSAGES.jobDeleted);
      },
      onError: (error) => void showError(errorMessage(error)),
    });
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
      <form
        role="search"
        className="mb-6 flex max-w-xl gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setAppliedSearch(searchText);
          setPage(1);
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

      <Table caption="Jobs you posted" headers={HEADERS}>
        {loading ? (
          <TableSkeletonRows rows={MY_JOBS_SKELETON.rows} columns={MY_JOBS_SKELETON.columns} />
        ) : rows.length === 0 ? (
          <EmptyRow columns={HEADERS.length} text={MESSAGES.noDataFound} />
        ) : (
          rows.map((job, index) => (
            <tr key={job._id} className={rowClass}>
              <td className={cellClass}>{(current - 1) * TABLE_PAGE_SIZE + index + 1}</td>
              <td className={`${cellClass} font-medium`}>
                <Link to={`/job/${job._id}`} className="hover:underline">
                  {job.jobTitle}
                </Link>
              </td>
              <td className={cellClass}>{job.companyName}</td>
              <td className={cellClass}>{salaryRangeK(job.minPrice, job.maxPrice)}</td>
              <td className={cellClass}>
                <Link to={`/edit-job/${job._id}`} className={buttonClass('secondary', 'px-3 py-1.5')} aria-label={`Edit ${job.jobTitle}`}>
                  <Pencil size={14} aria-hidden="true" />
                  Edit
                </Link>
              </td>
              <td className={cellClass}>
                <Button
                  variant="danger"
                  className="px-3 py-1.5"
                  aria-label={`Delete ${job.jobTitle}`}
                  onClick={() => void onDelete(job._id, job.jobTitle)}
                  disabled={deleteJob.isPending && deleteJob.variables === job._id}
                >
                  <Trash2 size={14} aria-hidden="true" />
                  Delete
                </Button>
              </td>
            </tr>
          ))
        )}
      </Table>
      <Pagination
        edge="hide"
        page={current}
        hasPrevious={hasPreviousPage(current)}
        hasNext={hasNextPage(current, filtered.length, TABLE_PAGE_SIZE)}
        onPrevious={() => setPage(current - 1)}
        onNext={() => setPage(current + 1)}
        label="My jobs pages"
      />
    </section>
  );
}
