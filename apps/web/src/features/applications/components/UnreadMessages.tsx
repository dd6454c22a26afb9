import type { Application } from '@jobboard/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '../../../components/ui/Link';
import { NewBadge } from '../../../components/ui/NewBadge';
import { useUnreadThreads } from '../../../lib/unread-threads';

/** The other side's messages on this application's thread that the signed-in user has not read yet. */
export function UnreadMessages({ applicationId }: { applicationId: string }) {
  const count = useUnreadThreads()?.threads[applicationId];
  const { t } = useLingui();
  if (!count) return null;
  return (
    <NewBadge testId="unread-messages">{t`${plural(count, { one: '# new message', other: '# new messages' })}`}</NewBadge>
  );
}

/**
 * The threads holding messages not read yet, each a link, above Applied Jobs: the header's count leads here, and the
 * rows that hold them may be on another page of the list.
 */
export function UnreadThreadsNotice({ applications }: { applications: Application[] }) {
  const threads = useUnreadThreads()?.threads ?? {};
  const { t } = useLingui();
  const waiting = applications.filter((a) => threads[a._id] && a.jobStatus !== 'removed');
  if (waiting.length === 0) return null;
  return (
    <section
      aria-labelledby="unread-threads-title"
      className="mb-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
      data-testid="unread-threads"
    >
      <h2 id="unread-threads-title" className="font-semibold">
        <Trans>New messages from employers</Trans>
      </h2>
      <ul className="mt-2 space-y-1">
        {waiting.map((application) => {
          const count = threads[application._id] ?? 0;
          return (
            <li key={application._id}>
              <Link to={`/messages/${application._id}`} className="font-semibold underline hover:no-underline">
                <bdi>{application.jobTitle}</bdi>
              </Link>{' '}
              · <bdi>{application.companyName}</bdi> ·{' '}
              {t`${plural(count, { one: '# new message', other: '# new messages' })}`}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
