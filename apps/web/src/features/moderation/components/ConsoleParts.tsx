import type { AdminJobRow, AdminReport, AdminUserSummary } from '@jobboard/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { errorText } from './console-words';

/** Small parts every console screen shares: notices, state badges, dates. */

export const muted = 'text-sm text-slate-700 dark:text-slate-300';
export const linkClass = 'font-medium text-teal-800 underline-offset-2 hover:underline dark:text-teal-300';
/** A moment and a day in the reader's locale (useReaderLocale). */
export const when = (iso: string, locale: string) =>
  new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
export const day = (iso: string, locale: string) => new Date(iso).toLocaleDateString(locale, { dateStyle: 'medium' });

export function Notice({
  title,
  children,
  tone = 'neutral',
}: {
  title: string;
  children?: ReactNode;
  tone?: 'neutral' | 'error';
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={
        tone === 'error'
          ? 'rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100'
          : 'rounded-2xl border border-dashed border-slate-300 px-6 py-12 text-center text-slate-800 dark:border-slate-700 dark:text-slate-200'
      }
    >
      <p className="text-lg font-semibold">{title}</p>
      {children}
    </div>
  );
}

/** Loading, error (with a retry) and empty states of a list; the list itself otherwise. */
export function ListStates<T>({
  query,
  loading,
  failed,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };
  /** 'Loading the accounts'. */
  loading: string;
  /** 'Could not load the accounts'. */
  failed: string;
  empty: (data: T) => string | null;
  children: (data: T) => ReactNode;
}) {
  const { i18n } = useLingui();
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError || query.data === undefined)
    return (
      <Notice title={failed} tone="error">
        <p className="mt-1 text-sm">{errorText(i18n, query.error)}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void query.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Notice>
    );
  const nothing = empty(query.data);
  return nothing ? <Notice title={nothing} /> : <>{children(query.data)}</>;
}

const BADGE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap';
const TONES = {
  good: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  bad: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100',
  warn: 'bg-amber-100 text-amber-950 dark:bg-amber-900/60 dark:text-amber-100',
  plain: 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100',
  info: 'bg-sky-100 text-sky-950 dark:bg-sky-900/60 dark:text-sky-100',
} as const;

export function Badge({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return <span className={`${BADGE} ${TONES[tone]}`}>{children}</span>;
}

const JOB_TONES: Record<AdminJobRow['status'], keyof typeof TONES> = {
  open: 'good',
  closed: 'plain',
  expired: 'plain',
  hidden: 'bad',
  pending: 'warn',
};
export const JOB_LABELS: Record<AdminJobRow['status'], MessageDescriptor> = {
  open: msg`Open`,
  closed: msg`Closed`,
  expired: msg`Expired`,
  hidden: msg`Hidden`,
  pending: msg`Awaiting review`,
};

export function JobStatusBadge({ status }: { status: AdminJobRow['status'] }) {
  const { i18n } = useLingui();
  return <Badge tone={JOB_TONES[status]}>{i18n._(JOB_LABELS[status])}</Badge>;
}

/** An account's states worth a glance: administrator, banned, unconfirmed address. */
export function UserBadges({ user }: { user: AdminUserSummary }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {user.isAdmin ? (
        <Badge tone="info">
          <Trans>Administrator</Trans>
        </Badge>
      ) : null}
      {user.bannedAt ? (
        <Badge tone="bad">
          <Trans>Banned</Trans>
        </Badge>
      ) : null}
      {user.emailVerified ? null : (
        <Badge tone="warn">
          <Trans>Unconfirmed</Trans>
        </Badge>
      )}
      {!user.isAdmin && !user.bannedAt && user.emailVerified ? (
        <Badge tone="good">
          <Trans>Active</Trans>
        </Badge>
      ) : null}
    </span>
  );
}

const OUTCOMES: Record<NonNullable<AdminReport['outcome']>, MessageDescriptor> = {
  approved: msg`Job kept`,
  hidden: msg`Job hidden`,
  banned: msg`Poster banned`,
};

export function OutcomeBadge({ outcome }: { outcome: AdminReport['outcome'] }) {
  const { i18n } = useLingui();
  if (!outcome)
    return (
      <Badge tone="warn">
        <Trans>Awaiting decision</Trans>
      </Badge>
    );
  return <Badge tone={outcome === 'approved' ? 'plain' : 'bad'}>{i18n._(OUTCOMES[outcome])}</Badge>;
}
