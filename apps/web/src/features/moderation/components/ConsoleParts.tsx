import type { AdminJobRow, AdminReport, AdminUserSummary } from '@jobboard/shared';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api';

/** Small parts every console screen shares: notices, state badges, dates. */

/** "1 job", "2 jobs". */
export const count = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

export const muted = 'text-sm text-slate-700 dark:text-slate-300';
export const linkClass = 'font-medium text-teal-800 underline-offset-2 hover:underline dark:text-teal-300';
export const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

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
  what,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };
  what: string;
  empty: (data: T) => string | null;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={`Loading ${what}`} />;
  if (query.isError || query.data === undefined)
    return (
      <Notice title={`Could not load ${what}`} tone="error">
        <p className="mt-1 text-sm">{errorMessage(query.error)}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void query.refetch()}>
          Try again
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
const JOB_LABELS: Record<AdminJobRow['status'], string> = {
  open: 'Open',
  closed: 'Closed',
  expired: 'Expired',
  hidden: 'Hidden',
  pending: 'Awaiting review',
};

export function JobStatusBadge({ status }: { status: AdminJobRow['status'] }) {
  return <Badge tone={JOB_TONES[status]}>{JOB_LABELS[status]}</Badge>;
}

/** An account's states worth a glance: administrator, banned, unconfirmed address. */
export function UserBadges({ user }: { user: AdminUserSummary }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {user.isAdmin ? <Badge tone="info">Administrator</Badge> : null}
      {user.bannedAt ? <Badge tone="bad">Banned</Badge> : null}
      {user.emailVerified ? null : <Badge tone="warn">Unconfirmed</Badge>}
      {!user.isAdmin && !user.bannedAt && user.emailVerified ? <Badge tone="good">Active</Badge> : null}
    </span>
  );
}

const OUTCOMES: Record<NonNullable<AdminReport['outcome']>, string> = {
  approved: 'Job kept',
  hidden: 'Job hidden',
  banned: 'Poster banned',
};

export function OutcomeBadge({ outcome }: { outcome: AdminReport['outcome'] }) {
  if (!outcome) return <Badge tone="warn">Awaiting decision</Badge>;
  return <Badge tone={outcome === 'approved' ? 'plain' : 'bad'}>{OUTCOMES[outcome]}</Badge>;
}
