import { MODERATION_MESSAGES, type QueueItem } from '@jobboard/shared';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Button, buttonClass } from '../../../components/ui/Button';
import { confirmDialog } from '../../../components/ui/dialogs';
import { Link } from '../../../components/ui/Link';
import { PageTitle } from '../../../components/ui/PageTitle';
import { Pagination } from '../../../components/ui/Pagination';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError } from '../../../lib/api';
import { longDate } from '../../../lib/job-view';
import { useReaderLocale } from '../../../lib/locale';
import { usePageParam } from '../../../lib/page-param';
import { useCurrentUser } from '../../../lib/session';
import { useDecide, useQueue, type Decision } from '../api/moderation';
import { useMutateOnce } from '../../../lib/single-flight';
import { DecisionLists } from './DecisionLists';
import { ReasonForm } from './ReasonForm';
import { REPORT_REASONS, errorText, serverText } from './console-words';

function Notice({
  title,
  children,
  tone = 'neutral',
}: {
  title: string;
  children?: React.ReactNode;
  tone?: 'neutral' | 'error';
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100'
          : 'rounded-2xl border border-dashed border-slate-300 px-6 py-14 text-center dark:border-slate-700'
      }
    >
      <p className="text-lg font-semibold">{title}</p>
      {children}
    </div>
  );
}

/** The job (a link to its page), its company and place, and why it is in the queue. */
function QueueCardHeading({ item, titleId }: { item: QueueItem; titleId: string }) {
  const { job } = item;
  const pending = job.moderation?.state === 'pending';
  const { t } = useLingui();
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="min-w-0">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
          <Link to={`/job/${job._id}`} className="hover:underline">
            {job.jobTitle}
          </Link>
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <span dir="auto">{job.company.name || job.companyName}</span> ·{' '}
          <span dir="auto">{job.jobLocation || t`No location`}</span>
        </p>
      </div>
      <span
        className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
          pending
            ? 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100'
            : 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100'
        }`}
      >
        {pending ? (
          <Trans>Awaiting review</Trans>
        ) : (
          <Plural value={item.reportCount} one="# report" other="# reports" />
        )}
      </span>
    </div>
  );
}

/** Who posted the job, the reports' reasons, and what the reporters wrote. */
function QueueEvidence({ item }: { item: QueueItem }) {
  const { poster } = item;
  const { i18n, t } = useLingui();
  const locale = useReaderLocale();
  const since = longDate(poster.createdAt.slice(0, 10), locale);
  const reasons = new Intl.ListFormat(locale, { style: 'short', type: 'unit' }).format(
    item.reasons.map((r) => `${i18n._(REPORT_REASONS[r.reason])} (${i18n.number(r.count)})`),
  );
  return (
    <>
      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold">
            <Trans>Posted by</Trans>
          </dt>
          <dd className="break-all text-slate-700 dark:text-slate-300">
            <span dir="auto">{poster.name}</span> · {poster.email}
            <br />
            <Trans>
              account since <time dateTime={poster.createdAt}>{since}</time>
            </Trans>
            {poster.bannedAt ? (
              <span className="ms-1 font-semibold text-red-700 dark:text-red-300">
                <Trans>· banned</Trans>
              </span>
            ) : null}
          </dd>
        </div>
        {item.reasons.length > 0 ? (
          <div>
            <dt className="font-semibold">
              <Trans>Reasons</Trans>
            </dt>
            <dd className="text-slate-700 dark:text-slate-300">{reasons}</dd>
          </div>
        ) : null}
      </dl>
      {item.reports.some((r) => r.details) ? (
        <ul className="mt-2 space-y-1 text-sm" aria-label={t`What the reporters wrote`}>
          {item.reports
            .filter((r) => r.details)
            .map((r) => (
              <li
                key={r.createdAt + r.details}
                className="rounded-lg bg-slate-50 px-3 py-2 text-slate-800 dark:bg-slate-800 dark:text-slate-100"
              >
                <Trans>
                  “<span dir="auto">{r.details}</span>”
                </Trans>
              </li>
            ))}
        </ul>
      ) : null}
    </>
  );
}

interface QueueDecisionsProps {
  item: QueueItem;
  titleId: string;
  asking: 'hide' | 'ban' | null;
  setAsking: (asking: 'hide' | 'ban' | null) => void;
  busy: boolean;
  run: (decision: Decision) => void;
}

/** Approve, Hide (with a reason) or Ban the poster (with a reason, confirmed). */
function QueueDecisions({ item, titleId, asking, setAsking, busy, run }: QueueDecisionsProps) {
  const { job, poster } = item;
  const { t } = useLingui();
  if (asking === 'hide')
    return (
      <ReasonForm
        label={t`Reason for hiding (the poster sees it)`}
        submit={t`Hide job`}
        busy={busy}
        onCancel={() => setAsking(null)}
        onSubmit={(reason) => run({ kind: 'hide', jobId: job._id, reason })}
      />
    );
  if (asking === 'ban')
    return (
      <ReasonForm
        label={t`Reason for banning ${poster.email}`}
        submit={t`Ban account`}
        busy={busy}
        onCancel={() => setAsking(null)}
        onSubmit={async (reason) => {
          const sure = await confirmDialog(
            t`Ban ${poster.email}?`,
            t`The account is signed out everywhere, cannot sign in again, and all its jobs leave search.`,
            t`Ban account`,
          );
          if (sure) run({ kind: 'ban', userId: poster.id, reason });
        }}
      />
    );
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <Button aria-describedby={titleId} disabled={busy} onClick={() => run({ kind: 'approve', jobId: job._id })}>
        <Trans>Approve</Trans>
      </Button>
      <Button variant="secondary" aria-describedby={titleId} disabled={busy} onClick={() => setAsking('hide')}>
        <Trans>Hide</Trans>
      </Button>
      {poster.isAdmin || poster.bannedAt ? null : (
        <Button variant="danger" aria-describedby={titleId} disabled={busy} onClick={() => setAsking('ban')}>
          <Trans>Ban poster</Trans>
        </Button>
      )}
    </div>
  );
}

function QueueCard({ item, onDecided }: { item: QueueItem; onDecided: (message: string) => void }) {
  const { i18n } = useLingui();
  const decide = useDecide();
  const decideOnce = useMutateOnce(decide.mutate);
  const [asking, setAsking] = useState<'hide' | 'ban' | null>(null);
  const titleId = useId();
  const { job, poster } = item;
  const run = (decision: Decision) => {
    decideOnce(decision, {
      onSuccess: (answer) => {
        setAsking(null);
        // The decided job usually leaves the queue with this card: the page says what was done.
        onDecided(`${serverText(i18n, answer.message)}: ${decision.kind === 'ban' ? poster.email : job.jobTitle}`);
      },
    });
  };

  return (
    <li
      data-testid="queue-item"
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <QueueCardHeading item={item} titleId={titleId} />
      <p className="mt-2 line-clamp-3 text-sm text-slate-800 dark:text-slate-200" dir="auto">
        {job.description}
      </p>

      <QueueEvidence item={item} />

      {decide.isError ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-300">
          {errorText(i18n, decide.error)}
        </p>
      ) : null}

      <QueueDecisions
        item={item}
        titleId={titleId}
        asking={asking}
        setAsking={setAsking}
        busy={decide.isPending}
        run={run}
      />
    </li>
  );
}

/**
 * The administrators' review queue (`/admin`, decision record 20): reported jobs and, under MODERATION=pre, new
 * accounts' jobs awaiting review, oldest first; each approved, hidden with a reason, or its poster banned. Below
 * it, the hidden jobs and banned accounts, to undo a decision.
 */
export function AdminPage() {
  const { i18n, t } = useLingui();
  const user = useCurrentUser();
  const isAdmin = user?.isAdmin === true;
  const { page, setPage } = usePageParam();
  const queue = useQueue(page, isAdmin);
  const data = queue.data;
  const forbidden = !isAdmin || (queue.error instanceof ApiError && queue.error.status === 403);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const [outcome, setOutcome] = useState('');
  const total = isAdmin && data ? data.total : 0;
  const subtitle =
    total > 0 ? t`${plural(total, { one: '# job', other: '# jobs' })} to review, oldest first` : undefined;

  return (
    <section aria-busy={queue.isFetching}>
      <PageTitle subtitle={subtitle}>
        <Trans>Review Queue</Trans>
      </PageTitle>
      {/* Always in the page, so screen readers announce each decision when its text arrives. */}
      <p
        role="status"
        data-testid="decision-outcome"
        className={
          outcome
            ? 'mb-4 rounded-lg bg-teal-50 p-3 text-sm text-teal-950 dark:bg-teal-950 dark:text-teal-50'
            : 'sr-only'
        }
      >
        {outcome}
      </p>
      {forbidden ? (
        <Notice title={serverText(i18n, MODERATION_MESSAGES.adminsOnly)}>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            <Trans>This page is for the board’s administrators.</Trans>
          </p>
          <Link to="/" className={buttonClass('primary', 'mt-5')}>
            <Trans>Find jobs</Trans>
          </Link>
        </Notice>
      ) : queue.isPending ? (
        <Spinner label={t`Loading the review queue`} />
      ) : queue.isError || !data ? (
        <Notice title={t`Could not load the review queue`} tone="error">
          <p className="mt-1 text-sm">{errorText(i18n, queue.error)}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void queue.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </Notice>
      ) : data.items.length === 0 ? (
        <Notice title={t`Nothing to review`}>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            <Trans>Reported jobs and new accounts’ jobs awaiting review appear here.</Trans>
          </p>
        </Notice>
      ) : (
        <>
          <ul className="space-y-4">
            {data.items.map((item) => (
              <QueueCard key={item.job._id} item={item} onDecided={setOutcome} />
            ))}
          </ul>
          {pageCount > 1 ? (
            <Pagination
              page={page}
              pageCount={pageCount}
              hasPrevious={page > 1}
              hasNext={page < pageCount}
              onPrevious={() => setPage(page - 1)}
              onNext={() => setPage(page + 1)}
              label={t`Review queue pages`}
            />
          ) : null}
        </>
      )}
      {forbidden ? null : <DecisionLists onDone={setOutcome} />}
    </section>
  );
}
