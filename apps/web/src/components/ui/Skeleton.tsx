import { useLingui } from '@lingui/react/macro';
export const pulse = 'animate-pulse rounded bg-slate-200 dark:bg-slate-700';

/** One placeholder job card; sizes change at the 600 px breakpoint like the real cards. */
export function JobCardSkeleton() {
  return (
    <div
      data-testid="job-card-skeleton"
      className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className={`${pulse} h-12 w-12 shrink-0 rounded-xl sm:h-16 sm:w-16`} />
      <div className="flex-1 space-y-3">
        <div className={`${pulse} h-3 w-24 sm:w-32`} />
        <div className={`${pulse} h-4 w-40 sm:w-64`} />
        <div className={`${pulse} h-3 w-full max-w-xs sm:max-w-md`} />
        <div className={`${pulse} h-3 w-3/4`} />
      </div>
    </div>
  );
}

/** Placeholder cards while jobs load: a named status (a plain div may not carry a name, axe's aria-prohibited-attr). */
export function JobCardSkeletonList({ count }: { count: number }) {
  const { t } = useLingui();
  return (
    <div role="status" className="space-y-4" aria-busy="true" aria-label={t`Loading jobs`}>
      {Array.from({ length: count }, (_, i) => (
        <JobCardSkeleton key={i} />
      ))}
    </div>
  );
}
