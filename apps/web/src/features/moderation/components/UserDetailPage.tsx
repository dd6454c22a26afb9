import type { AdminUserDetail } from '@jobboard/shared';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Link } from '../../../components/ui/Link';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useAdminUser } from '../api/console';
import { ActionPanel, Outcome, type PendingAction } from './ActionPanel';
import { ListStates, UserBadges, day, linkClass, muted, when } from './ConsoleParts';
import { JobRows } from './JobsConsolePage';
import { ReportCard } from './ReportsPage';

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <section className="mt-8" aria-label={title}>
      <h2 className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
        {title} <span className={muted}>({count.toLocaleString()})</span>
      </h2>
      {count === 0 ? <p className={muted}>None.</p> : children}
    </section>
  );
}

/** The account's actions: what applies to its state (an administrator cannot be banned or deleted). */
function UserActions({ detail, ask }: { detail: AdminUserDetail; ask: (action: PendingAction) => void }) {
  const { user } = detail;
  const act = (kind: PendingAction['kind']) => () => ask({ kind, id: user.id, target: user.email });
  return (
    <div className="flex flex-wrap gap-2 [&>*]:min-h-11">
      {user.isAdmin ? null : user.bannedAt ? (
        <Button variant="secondary" onClick={act('unban')}>
          Unban
        </Button>
      ) : (
        <Button variant="danger" onClick={act('ban')}>
          Ban
        </Button>
      )}
      {user.emailVerified ? null : (
        <Button variant="secondary" onClick={act('resend-confirmation')}>
          Resend confirmation
        </Button>
      )}
      {user.isAdmin ? (
        user.adminByEnvironment ? null : (
          <Button variant="secondary" onClick={act('revoke-admin')}>
            Remove administrator
          </Button>
        )
      ) : user.emailVerified ? (
        <Button variant="secondary" onClick={act('grant-admin')}>
          Make administrator
        </Button>
      ) : null}
      {user.isAdmin ? null : (
        <Button variant="danger" onClick={act('delete')}>
          Delete account
        </Button>
      )}
    </div>
  );
}

function Facts({ detail }: { detail: AdminUserDetail }) {
  const { user } = detail;
  return (
    <dl className="mb-5 grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3 dark:border-slate-800 dark:bg-slate-900">
      {[
        ['E-mail', user.email],
        ['Username', user.username],
        ['Joined', day(user.createdAt)],
      ].map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">{label}</dt>
          <dd className="mt-0.5 wrap-anywhere text-slate-900 dark:text-slate-100">{value}</dd>
        </div>
      ))}
      <div className="min-w-0 sm:col-span-3">
        <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">State</dt>
        <dd className="mt-1">
          <UserBadges user={user} />
          {user.adminByEnvironment ? <span className={`ms-2 ${muted}`}>Listed in ADMIN_EMAILS</span> : null}
          {user.bannedAt ? (
            <p className="mt-1 text-slate-800 dark:text-slate-200" dir="auto">
              Banned {when(user.bannedAt)}
              {user.banReason ? `: ${user.banReason}` : ''}
            </p>
          ) : null}
          <p className="mt-2">
            <Link to={`/admin/audit?target=${encodeURIComponent(user.email)}`} className={linkClass}>
              Decisions about this account
            </Link>
          </p>
        </dd>
      </div>
    </dl>
  );
}

function Activity({ detail, ask }: { detail: AdminUserDetail; ask: (action: PendingAction) => void }) {
  return (
    <>
      <Section title="Jobs" count={detail.user.jobs}>
        <JobRows jobs={detail.jobs} ask={ask} showPoster={false} />
      </Section>
      <Section title="Applications" count={detail.user.applications}>
        <ul className="space-y-2">
          {detail.applications.map((a) => (
            <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <Link to={`/job/${a.jobId}`} className={`${linkClass} wrap-anywhere`} dir="auto">
                {a.jobTitle}
              </Link>
              <span className={muted}>
                {a.stage} · {day(a.appliedAt)}
              </span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Companies" count={detail.companies.length}>
        <ul className="flex flex-wrap gap-2">
          {detail.companies.map((c) => (
            <li key={c.id}>
              <Link to={`/company/${c.slug}`} className={buttonClass('secondary')} dir="auto">
                {c.name}
                {c.creator ? ' (creator)' : ''}
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Reports made" count={detail.reportsMade.length}>
        <ul className="space-y-3">
          {detail.reportsMade.map((r) => (
            <ReportCard key={r.id} report={r} showReporter={false} />
          ))}
        </ul>
      </Section>
      <Section title="Reports of their jobs" count={detail.reportsReceived.length}>
        <ul className="space-y-3">
          {detail.reportsReceived.map((r) => (
            <ReportCard key={r.id} report={r} />
          ))}
        </ul>
      </Section>
    </>
  );
}

/** One account (`/admin/users/:id`): its state and actions, jobs, applications, companies and reports. */
export function UserDetailPage() {
  const { id = '' } = useParams();
  const detail = useAdminUser(id, id !== '');
  const [asking, setAsking] = useState<PendingAction | null>(null);
  const [outcome, setOutcome] = useState('');
  const [deleted, setDeleted] = useState(false);
  if (deleted)
    return (
      <section>
        <PageTitle>Account deleted</PageTitle>
        <Outcome text={outcome} />
        <Link to="/admin/users" className={buttonClass('secondary')}>
          Back to users
        </Link>
      </section>
    );
  return (
    <section aria-busy={detail.isFetching}>
      <Link to="/admin/users" className={`${linkClass} text-sm`}>
        ← Users
      </Link>
      <ListStates query={detail} what="the account" empty={() => null}>
        {(data) => (
          <>
            <div className="mt-2">
              <PageTitle>
                <span dir="auto" className="wrap-anywhere">
                  {data.user.name}
                </span>
              </PageTitle>
            </div>
            <Facts detail={data} />
            <Outcome text={outcome} />
            {asking ? (
              <ActionPanel
                action={asking}
                onClose={() => setAsking(null)}
                onDone={(message) => {
                  setOutcome(message);
                  if (asking.kind === 'delete') setDeleted(true);
                }}
              />
            ) : null}
            <UserActions detail={data} ask={setAsking} />
            <Activity detail={data} ask={setAsking} />
          </>
        )}
      </ListStates>
    </section>
  );
}
