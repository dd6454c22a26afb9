import type { AdminUserDetail } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Link } from '../../../components/ui/Link';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useReaderLocale } from '../../../lib/locale';
import { useAdminUser } from '../api/console';
import { ActionPanel, Outcome, type PendingAction } from './ActionPanel';
import { ListStates, UserBadges, day, linkClass, muted, when } from './ConsoleParts';
import { JobRows } from './JobsConsolePage';
import { ReportCard } from './ReportsPage';
import { stageText } from './console-words';

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <section className="mt-8" aria-label={title}>
      <h2 className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
        {title} <span className={muted}>({i18n.number(count)})</span>
      </h2>
      {count === 0 ? (
        <p className={muted}>
          <Trans>None.</Trans>
        </p>
      ) : (
        children
      )}
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
          <Trans>Unban</Trans>
        </Button>
      ) : (
        <Button variant="danger" onClick={act('ban')}>
          <Trans>Ban</Trans>
        </Button>
      )}
      {user.emailVerified ? null : (
        <Button variant="secondary" onClick={act('resend-confirmation')}>
          <Trans>Resend confirmation</Trans>
        </Button>
      )}
      {user.isAdmin ? (
        user.adminByEnvironment ? null : (
          <Button variant="secondary" onClick={act('revoke-admin')}>
            <Trans>Remove administrator</Trans>
          </Button>
        )
      ) : user.emailVerified ? (
        <Button variant="secondary" onClick={act('grant-admin')}>
          <Trans>Make administrator</Trans>
        </Button>
      ) : null}
      {user.isAdmin ? null : (
        <Button variant="danger" onClick={act('delete')}>
          <Trans>Delete account</Trans>
        </Button>
      )}
    </div>
  );
}

function Facts({ detail }: { detail: AdminUserDetail }) {
  const { user } = detail;
  const { t } = useLingui();
  const locale = useReaderLocale();
  const bannedAt = user.bannedAt ? when(user.bannedAt, locale) : '';
  const banReason = user.banReason;
  return (
    <dl className="mb-5 grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3 dark:border-slate-800 dark:bg-slate-900">
      {[
        [t`E-mail`, user.email],
        [t`Username`, user.username],
        [t`Joined`, day(user.createdAt, locale)],
      ].map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">{label}</dt>
          <dd className="mt-0.5 wrap-anywhere text-slate-900 dark:text-slate-100">{value}</dd>
        </div>
      ))}
      <div className="min-w-0 sm:col-span-3">
        <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-300">
          <Trans>State</Trans>
        </dt>
        <dd className="mt-1">
          <UserBadges user={user} />
          {user.adminByEnvironment ? (
            <span className={`ms-2 ${muted}`}>
              <Trans>Listed in ADMIN_EMAILS</Trans>
            </span>
          ) : null}
          {user.bannedAt ? (
            <p className="mt-1 text-slate-800 dark:text-slate-200" dir="auto">
              {banReason ? (
                <Trans>
                  Banned {bannedAt}: {banReason}
                </Trans>
              ) : (
                <Trans>Banned {bannedAt}</Trans>
              )}
            </p>
          ) : null}
          <p className="mt-2">
            <Link to={`/admin/audit?target=${encodeURIComponent(user.email)}`} className={linkClass}>
              <Trans>Decisions about this account</Trans>
            </Link>
          </p>
        </dd>
      </div>
    </dl>
  );
}

function Activity({ detail, ask }: { detail: AdminUserDetail; ask: (action: PendingAction) => void }) {
  const { i18n, t } = useLingui();
  const locale = useReaderLocale();
  return (
    <>
      <Section title={t`Jobs`} count={detail.user.jobs}>
        <JobRows jobs={detail.jobs} ask={ask} showPoster={false} />
      </Section>
      <Section title={t`Applications`} count={detail.user.applications}>
        <ul className="space-y-2">
          {detail.applications.map((a) => (
            <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <Link to={`/job/${a.jobId}`} className={`${linkClass} wrap-anywhere`} dir="auto">
                {a.jobTitle}
              </Link>
              <span className={muted}>
                {stageText(i18n, a.stage)} · {day(a.appliedAt, locale)}
              </span>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t`Companies`} count={detail.companies.length}>
        <ul className="flex flex-wrap gap-2">
          {detail.companies.map((c) => (
            <li key={c.id}>
              <Link to={`/company/${c.slug}`} className={buttonClass('secondary')} dir="auto">
                {c.creator ? <Trans>{c.name} (creator)</Trans> : c.name}
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t`Reports made`} count={detail.reportsMade.length}>
        <ul className="space-y-3">
          {detail.reportsMade.map((r) => (
            <ReportCard key={r.id} report={r} showReporter={false} />
          ))}
        </ul>
      </Section>
      <Section title={t`Reports of their jobs`} count={detail.reportsReceived.length}>
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
  const { t } = useLingui();
  if (deleted)
    return (
      <section>
        <PageTitle>
          <Trans>Account deleted</Trans>
        </PageTitle>
        <Outcome text={outcome} />
        <Link to="/admin/users" className={buttonClass('secondary')}>
          <Trans>Back to users</Trans>
        </Link>
      </section>
    );
  return (
    <section aria-busy={detail.isFetching}>
      <Link to="/admin/users" className={`${linkClass} text-sm`}>
        <span className="inline-block rtl:[transform:scaleX(-1)]">←</span> <Trans>Users</Trans>
      </Link>
      <ListStates
        query={detail}
        loading={t`Loading the account`}
        failed={t`Could not load the account`}
        empty={() => null}
      >
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
