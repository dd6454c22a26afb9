import type { BannedUser, HiddenJob } from '@jobboard/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { confirmDialog } from '../../../components/ui/dialogs';
import { Link } from '../../../components/ui/Link';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { longDate } from '../../../lib/job-view';
import { useReaderLocale } from '../../../lib/locale';
import { useBannedUsers, useDecide, useHiddenJobs, type Decision } from '../api/moderation';
import { errorText, serverText } from './console-words';

/*
 * The administrators' own decisions, so they can be undone (issue 29): hidden jobs, each approved back into
 * search with "Unhide", and banned accounts, each let back in with "Unban". Each list pages on its own.
 */

const cardClass = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900';
const day = (iso: string | null, locale: string) => (iso ? longDate(iso.slice(0, 10), locale) : '');

function useUndo(onDone: (message: string) => void, what: string) {
  const { i18n } = useLingui();
  const decide = useDecide();
  // The promise, not mutate's callbacks: those are dropped when the card leaves the list before they run.
  const run = (decision: Decision) =>
    decide.mutateAsync(decision).then(
      (answer) => onDone(`${serverText(i18n, answer.message)}: ${what}`),
      () => undefined,
    );
  return { decide, run };
}

function HiddenJobCard({ item, onDone }: { item: HiddenJob; onDone: (message: string) => void }) {
  const { job, poster } = item;
  const titleId = useId();
  const { decide, run } = useUndo(onDone, job.jobTitle);
  const { i18n } = useLingui();
  const hiddenOn = day(job.moderation?.at ?? null, useReaderLocale());
  const reason = job.moderation?.reason ?? '';
  return (
    <li data-testid="hidden-job" aria-labelledby={titleId} className={cardClass}>
      <h3 id={titleId} className="font-semibold text-slate-900 dark:text-white">
        <Link to={`/job/${job._id}`} className="hover:underline">
          {job.jobTitle}
        </Link>
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <span dir="auto">{job.company.name || job.companyName}</span> ·{' '}
        <span className="break-all">{poster.email}</span>
        {poster.bannedAt ? (
          <span className="ms-1 font-semibold text-red-700 dark:text-red-300">
            <Trans>· banned</Trans>
          </span>
        ) : null}
      </p>
      <p className="mt-1 text-sm text-slate-800 dark:text-slate-200">
        <Trans>
          Hidden <time dateTime={job.moderation?.at ?? undefined}>{hiddenOn}</time>: “<span dir="auto">{reason}</span>”
        </Trans>
      </p>
      {decide.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
          {errorText(i18n, decide.error)}
        </p>
      ) : null}
      <Button
        className="mt-3"
        variant="secondary"
        aria-describedby={titleId}
        disabled={decide.isPending}
        onClick={() => void run({ kind: 'approve', jobId: job._id })}
      >
        <Trans>Unhide</Trans>
      </Button>
    </li>
  );
}

function BannedUserCard({ item, onDone }: { item: BannedUser; onDone: (message: string) => void }) {
  const nameId = useId();
  const { decide, run } = useUndo(onDone, item.email);
  const { i18n, t } = useLingui();
  const bannedOn = day(item.bannedAt, useReaderLocale());
  const hidden = item.hiddenJobs;
  return (
    <li data-testid="banned-user" aria-labelledby={nameId} className={cardClass}>
      <h3 id={nameId} className="font-semibold break-all text-slate-900 dark:text-white">
        <span dir="auto">{item.name}</span> · {item.email}
      </h3>
      <p className="mt-1 text-sm text-slate-800 dark:text-slate-200">
        <Trans>
          Banned <time dateTime={item.bannedAt}>{bannedOn}</time>: “<span dir="auto">{item.reason}</span>”
        </Trans>
        {hidden > 0 ? (
          <>
            {' · '}
            <Plural value={hidden} one="# hidden job" other="# hidden jobs" />
          </>
        ) : null}
      </p>
      {decide.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
          {errorText(i18n, decide.error)}
        </p>
      ) : null}
      <Button
        className="mt-3"
        variant="secondary"
        aria-describedby={nameId}
        disabled={decide.isPending}
        onClick={async () => {
          const sure = await confirmDialog(
            t`Unban ${item.email}?`,
            t`The account can sign in again. Its hidden jobs stay hidden until you unhide each.`,
            t`Unban`,
          );
          if (sure) void run({ kind: 'unban', userId: item.id });
        }}
      >
        <Trans>Unban</Trans>
      </Button>
    </li>
  );
}

interface ListPage<T> {
  items: T[];
  total: number;
  pageSize: number;
}

interface ListProps<T> {
  title: string;
  empty: string;
  /** 'Loading hidden jobs'. */
  loading: string;
  /** 'Hidden jobs pages'. */
  pagesLabel: string;
  query: { data?: ListPage<T>; isPending: boolean; isError: boolean; error: unknown };
  page: number;
  setPage: (page: number) => void;
  render: (item: T) => React.ReactNode;
}

function DecisionList<T>({ title, empty, loading, pagesLabel, query, page, setPage, render }: ListProps<T>) {
  const { i18n } = useLingui();
  const headingId = useId();
  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="mb-3 text-xl font-semibold text-slate-900 dark:text-white">
        {title}
        {data && data.total > 0 ? (
          <span className="ms-2 text-base font-normal text-slate-600 dark:text-slate-400">
            ({i18n.number(data.total)})
          </span>
        ) : null}
      </h2>
      {query.isPending ? (
        <Spinner label={loading} />
      ) : query.isError || !data ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {errorText(i18n, query.error)}
        </p>
      ) : data.items.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{empty}</p>
      ) : (
        <>
          <ul className="grid gap-3 md:grid-cols-2">{data.items.map(render)}</ul>
          {pageCount > 1 ? (
            <Pagination
              page={page}
              pageCount={pageCount}
              hasPrevious={page > 1}
              hasNext={page < pageCount}
              onPrevious={() => setPage(page - 1)}
              onNext={() => setPage(page + 1)}
              label={pagesLabel}
            />
          ) : null}
        </>
      )}
    </section>
  );
}

/** Below the review queue on /admin, for administrators only (the server refuses anyone else). */
export function DecisionLists({ onDone }: { onDone: (message: string) => void }) {
  const [hiddenPage, setHiddenPage] = useState(1);
  const [bannedPage, setBannedPage] = useState(1);
  const hidden = useHiddenJobs(hiddenPage, true);
  const banned = useBannedUsers(bannedPage, true);
  const { t } = useLingui();
  return (
    <>
      <DecisionList
        title={t`Hidden jobs`}
        empty={t`No job is hidden.`}
        loading={t`Loading hidden jobs`}
        pagesLabel={t`Hidden jobs pages`}
        query={hidden}
        page={hiddenPage}
        setPage={setHiddenPage}
        render={(item) => <HiddenJobCard key={item.job._id} item={item} onDone={onDone} />}
      />
      <DecisionList
        title={t`Banned accounts`}
        empty={t`No account is banned.`}
        loading={t`Loading banned accounts`}
        pagesLabel={t`Banned accounts pages`}
        query={banned}
        page={bannedPage}
        setPage={setBannedPage}
        render={(item) => <BannedUserCard key={item.id} item={item} onDone={onDone} />}
      />
    </>
  );
}
