import { ADMIN_JOB_FILTERS, type AdminJobFilter, type AdminJobRow } from '@jobboard/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { CardActions, CardField, CardFields, CardHeading, CardList, cardClass } from '../../../components/ui/CardList';
import { inputClass, labelClass } from '../../../components/ui/Field';
import { Link } from '../../../components/ui/Link';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Table, cellClass, rowClass } from '../../../components/ui/Table';
import { useReaderLocale } from '../../../lib/locale';
import { usePageParam } from '../../../lib/page-param';
import { useWideScreen } from '../../../lib/wide-screen';
import { useAdminJobs } from '../api/console';
import { ActionPanel, Outcome, type PendingAction } from './ActionPanel';
import { Pages, SearchForm } from './ConsoleList';
import { JOB_LABELS, JobStatusBadge, ListStates, day, linkClass, muted } from './ConsoleParts';

const FILTER_LABELS: Record<AdminJobFilter, MessageDescriptor> = { all: msg`Every status`, ...JOB_LABELS };

type Ask = (action: PendingAction) => void;

/** Whether a job is featured today (its last featured day not passed). */
const featuredNow = (job: AdminJobRow) =>
  job.featuredUntil !== null && job.featuredUntil >= new Date().toISOString().slice(0, 10);

/** Hide or unhide, close while it can still take applications, and feature an open job or stop featuring it. */
export function JobActions({ job, ask }: { job: AdminJobRow; ask: Ask }) {
  const moderated = job.status === 'hidden' || job.status === 'pending';
  const target = job.title;
  const featured = featuredNow(job);
  return (
    <>
      {moderated ? (
        <Button variant="secondary" onClick={() => ask({ kind: 'approve', id: job.id, target })}>
          {job.status === 'pending' ? <Trans>Approve</Trans> : <Trans>Unhide</Trans>}
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => ask({ kind: 'hide', id: job.id, target })}>
          <Trans>Hide</Trans>
        </Button>
      )}
      {job.status === 'open' ? (
        <Button variant="secondary" onClick={() => ask({ kind: 'close', id: job.id, target })}>
          <Trans>Close</Trans>
        </Button>
      ) : null}
      {featured ? (
        <Button variant="secondary" onClick={() => ask({ kind: 'unfeature', id: job.id, target })}>
          <Trans>Stop featuring</Trans>
        </Button>
      ) : job.status === 'open' ? (
        <Button variant="secondary" onClick={() => ask({ kind: 'feature', id: job.id, target })}>
          <Trans>Feature</Trans>
        </Button>
      ) : null}
    </>
  );
}

export function JobTitle({ job }: { job: AdminJobRow }) {
  const until = job.featuredUntil;
  const reason = job.moderationReason;
  return (
    <>
      <Link to={`/job/${job.id}`} className={`${linkClass} wrap-anywhere`} dir="auto">
        {job.title}
      </Link>
      <span className={`block ${muted}`} dir="auto">
        {job.company}
      </span>
      {featuredNow(job) ? (
        <span className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-50">
          <Trans>Featured until {until}</Trans>
        </span>
      ) : null}
      {reason ? (
        <span className="block text-xs text-slate-700 dark:text-slate-300">
          <Trans>
            Reason: <span dir="auto">{reason}</span>
          </Trans>
        </span>
      ) : null}
    </>
  );
}

export function JobRows({ jobs, ask, showPoster = true }: { jobs: AdminJobRow[]; ask: Ask; showPoster?: boolean }) {
  const wide = useWideScreen();
  const { t } = useLingui();
  const locale = useReaderLocale();
  const poster = (job: AdminJobRow) => (
    <Link to={`/admin/users/${job.posterId}`} className={`${linkClass} wrap-anywhere`}>
      {job.posterEmail}
    </Link>
  );
  if (!wide)
    return (
      <CardList label={t`Jobs`}>
        {jobs.map((job) => (
          <li key={job.id} className={cardClass} data-testid="console-job">
            <CardHeading>
              <JobTitle job={job} />
            </CardHeading>
            <CardFields>
              <CardField label={t`STATUS`}>
                <JobStatusBadge status={job.status} />
              </CardField>
              <CardField label={t`OPEN REPORTS`}>{job.openReports}</CardField>
              <CardField label={t`POSTED`}>{day(job.postedAt, locale)}</CardField>
              {showPoster ? <CardField label={t`POSTER`}>{poster(job)}</CardField> : null}
            </CardFields>
            <CardActions>
              <JobActions job={job} ask={ask} />
            </CardActions>
          </li>
        ))}
      </CardList>
    );
  return (
    <Table
      caption={t`Jobs`}
      headers={[t`Job`, ...(showPoster ? [t`Poster`] : []), t`Posted`, t`Status`, t`Reports`, t`Actions`]}
    >
      {jobs.map((job) => (
        <tr key={job.id} className={rowClass} data-testid="console-job">
          <td className={cellClass}>
            <JobTitle job={job} />
          </td>
          {showPoster ? <td className={cellClass}>{poster(job)}</td> : null}
          <td className={`${cellClass} whitespace-nowrap`}>{day(job.postedAt, locale)}</td>
          <td className={cellClass}>
            <JobStatusBadge status={job.status} />
          </td>
          <td className={cellClass}>{job.openReports}</td>
          <td className={cellClass}>
            <div className="flex flex-wrap gap-2">
              <JobActions job={job} ask={ask} />
            </div>
          </td>
        </tr>
      ))}
    </Table>
  );
}

function StatusSelect({ status }: { status: AdminJobFilter }) {
  const { i18n } = useLingui();
  return (
    <div>
      <label htmlFor="console-status" className={labelClass}>
        <Trans>Status</Trans>
      </label>
      <select id="console-status" name="status" defaultValue={status} className={`${inputClass} min-h-11`}>
        {ADMIN_JOB_FILTERS.map((value) => (
          <option key={value} value={value}>
            {i18n._(FILTER_LABELS[value])}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Every job whatever its status, hidden and awaiting review included (`/admin/jobs?status=&q=`). */
export function JobsConsolePage() {
  const { page, setPage, params } = usePageParam();
  const q = params.get('q') ?? '';
  const raw = params.get('status') ?? 'all';
  const status: AdminJobFilter = (ADMIN_JOB_FILTERS as readonly string[]).includes(raw)
    ? (raw as AdminJobFilter)
    : 'all';
  const jobs = useAdminJobs(status, q, page, true);
  const [asking, setAsking] = useState<PendingAction | null>(null);
  const [outcome, setOutcome] = useState('');
  const { t } = useLingui();
  return (
    <section aria-busy={jobs.isFetching}>
      <PageTitle subtitle={t`Every job, hidden and awaiting review included. Every action is in the audit log.`}>
        <Trans>Jobs</Trans>
      </PageTitle>
      <SearchForm key={`${status}|${q}`} action="/admin/jobs" q={q} placeholder={t`Title, company or poster’s e-mail`}>
        <StatusSelect status={status} />
      </SearchForm>
      <Outcome text={outcome} />
      {asking ? <ActionPanel action={asking} onClose={() => setAsking(null)} onDone={setOutcome} /> : null}
      <ListStates
        query={jobs}
        loading={t`Loading the jobs`}
        failed={t`Could not load the jobs`}
        empty={(data) => (data.items.length === 0 ? t`No jobs match` : null)}
      >
        {(data) => (
          <>
            <p className={`mb-3 ${muted}`}>
              <Plural value={data.total} one="# job" other="# jobs" />
            </p>
            <JobRows jobs={data.items} ask={setAsking} />
            <Pages {...data} setPage={setPage} label={t`Job pages`} />
          </>
        )}
      </ListStates>
    </section>
  );
}
