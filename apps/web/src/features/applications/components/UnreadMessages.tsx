import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
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

const NOTICE = {
  candidate: { title: msg`New messages from employers`, path: '/messages/' },
  team: { title: msg`New messages from candidates`, path: '/candidates/' },
} as const;

/**
 * The threads holding messages not read yet, each a link, above Applied Jobs (side candidate) or Responses (side
 * team): the header's count leads here, and the rows that hold them may be on another page of the list.
 */
export function UnreadThreadsNotice({ side }: { side: 'candidate' | 'team' }) {
  const waiting = (useUnreadThreads()?.waiting ?? []).filter((thread) => thread.side === side);
  const { i18n, t } = useLingui();
  if (waiting.length === 0) return null;
  const titleId = `unread-threads-${side}`;
  return (
    <section
      aria-labelledby={titleId}
      className="mb-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
      data-testid="unread-threads"
    >
      <h2 id={titleId} className="font-semibold">
        {i18n._(NOTICE[side].title)}
      </h2>
      <ul className="mt-2 space-y-1">
        {waiting.map((thread) => {
          const count = thread.unread;
          const [first, second] =
            side === 'candidate' ? [thread.jobTitle, thread.withName] : [thread.withName, thread.jobTitle];
          return (
            <li key={thread.applicationId}>
              <Link
                to={`${NOTICE[side].path}${thread.applicationId}`}
                className="font-semibold underline hover:no-underline"
              >
                <bdi>{first}</bdi>
              </Link>{' '}
              · <bdi>{second}</bdi> · {t`${plural(count, { one: '# new message', other: '# new messages' })}`}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
