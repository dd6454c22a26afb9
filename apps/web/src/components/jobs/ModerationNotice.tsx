import type { Job } from '@jobboard/shared';
import { Trans } from '@lingui/react/macro';
import { EyeOff, Hourglass } from 'lucide-react';

/**
 * What only a hidden or pending job's poster (and the administrators) see of moderation (decision record 20): on
 * the job page a banner with the administrator's reason, in My Jobs a small badge with it. Everyone else gets
 * "Job not found" from the server and never reaches these.
 */
export function ModerationNotice({ job }: { job: Pick<Job, 'moderation'> }) {
  const moderation = job.moderation;
  if (!moderation) return null;
  const hidden = moderation.state === 'hidden';
  return (
    <div
      role="status"
      data-testid="moderation-notice"
      className={`mt-6 flex gap-3 rounded-xl border p-4 ${
        hidden
          ? 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50'
          : 'border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-50'
      }`}
    >
      {hidden ? (
        <EyeOff size={22} className="mt-0.5 shrink-0" aria-hidden="true" />
      ) : (
        <Hourglass size={22} className="mt-0.5 shrink-0" aria-hidden="true" />
      )}
      <div>
        <p className="font-semibold">
          {hidden ? <Trans>Hidden by an administrator</Trans> : <Trans>Awaiting review</Trans>}
        </p>
        <p className="mt-1 text-sm">
          {hidden ? (
            <>
              <Trans>
                Only you and the administrators can see this job: it is out of search and other people are told it does
                not exist.
              </Trans>
              {moderation.reason ? (
                <>
                  {' '}
                  <Trans>
                    Reason: <span className="font-medium">“{moderation.reason}”</span>
                  </Trans>
                </>
              ) : null}
            </>
          ) : (
            <Trans>
              Awaiting review: an administrator checks new accounts’ first jobs before they appear in search.
            </Trans>
          )}
        </p>
      </div>
    </div>
  );
}

/** The small badge of a hidden or pending job in the poster's list, the reason beside it. */
export function ModerationBadge({ job }: { job: Pick<Job, 'moderation'> }) {
  const moderation = job.moderation;
  if (!moderation) return null;
  const hidden = moderation.state === 'hidden';
  return (
    <span data-testid="moderation-badge" className="mt-1 block text-xs font-normal">
      <span
        className={`me-1 inline-block rounded-full px-2 py-0.5 font-semibold ${
          hidden
            ? 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100'
            : 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100'
        }`}
      >
        {hidden ? <Trans>Hidden</Trans> : <Trans>Awaiting review</Trans>}
      </span>
      {hidden && moderation.reason ? (
        <span className="text-slate-700 dark:text-slate-300">{moderation.reason}</span>
      ) : null}
    </span>
  );
}
