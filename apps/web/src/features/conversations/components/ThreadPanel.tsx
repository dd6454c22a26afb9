import { CONVERSATION_LIMITS, type Thread } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { inputClass, labelClass } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/api';
import { useSingleFlight } from '../../../lib/single-flight';
import { useReaderLocale } from '../../../lib/locale';
import { useSendMessage } from '../api/conversations';

/** A message's or a move's date and time, in the reader's locale (useReaderLocale). */
export const when = (iso: string, locale?: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** The thread's messages, oldest first; the caller's own on the other side. */
function MessageList({ messages }: { messages: Thread['messages'] }) {
  const { t } = useLingui();
  const locale = useReaderLocale();
  return messages.length === 0 ? (
    <p className="text-sm text-slate-600 dark:text-slate-300">
      <Trans>No messages yet.</Trans>
    </p>
  ) : (
    <ol aria-label={t`Messages`} className="space-y-3">
      {messages.map((message) => (
        <li
          key={message.id}
          className={`max-w-2xl rounded-xl border px-4 py-3 text-sm ${
            message.mine
              ? 'ms-auto border-teal-200 bg-teal-50 dark:border-teal-800 dark:bg-teal-950'
              : 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900'
          }`}
        >
          <p className="mb-1 text-xs text-slate-600 dark:text-slate-300">
            <span className="font-semibold text-slate-800 dark:text-slate-100" dir="auto">
              {message.mine ? t`You` : message.senderName}
            </span>{' '}
            · <time dateTime={message.createdAt}>{when(message.createdAt, locale)}</time>
            {message.byEmail ? (
              <>
                {' '}
                · <Trans>by e-mail</Trans>
              </>
            ) : null}
          </p>
          <p className="break-words whitespace-pre-wrap text-slate-900 dark:text-slate-100" dir="auto">
            {message.body}
          </p>
        </li>
      ))}
    </ol>
  );
}

/**
 * The messages of one application, oldest first, and the box to write the next. Bodies are plain text shown as
 * text (React escapes them; line breaks kept by CSS), never as HTML.
 */
export function ThreadPanel({ thread }: { thread: Thread }) {
  const { t, i18n } = useLingui();
  const send = useSendMessage(thread.application.id);
  const start = useSingleFlight();
  const [text, setText] = useState('');
  const max = CONVERSATION_LIMITS.messageMaxLength;
  const other = thread.side === 'team' ? thread.application.candidateName : thread.application.companyName;
  const fieldId = `message-${thread.application.id}`;
  const count = i18n.number(text.length);
  const limit = i18n.number(max);

  return (
    <section aria-labelledby="thread-heading" className="mt-8">
      <h2 id="thread-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        <Trans>Messages</Trans>
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        {/* The other side's name as they wrote it, isolated (<bdi>) inside the sentence. */}
        {thread.side === 'team' ? (
          <Trans>
            <bdi>{other}</bdi> is e-mailed each message; your address is never shown.
          </Trans>
        ) : (
          <Trans>
            The <bdi>{other}</bdi> team is e-mailed each message; your address is never shown.
          </Trans>
        )}
      </p>
      <MessageList messages={thread.messages} />
      {thread.canWrite ? (
        <form
          className="mt-4 max-w-2xl"
          onSubmit={(event) => {
            event.preventDefault();
            if (!text.trim() || text.length > max) return;
            start((done) => send.mutate(text, { onSuccess: () => setText(''), onSettled: done }));
          }}
        >
          <label htmlFor={fieldId} className={labelClass}>
            <Trans>
              Write to <bdi>{other}</bdi>
            </Trans>
          </label>
          <textarea
            id={fieldId}
            className={`${inputClass} min-h-24`}
            value={text}
            maxLength={max}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={send.isError}
            aria-describedby={`${fieldId}-help`}
          />
          <p id={`${fieldId}-help`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
            {send.isError ? (
              <span role="alert" className="text-red-800 dark:text-red-200">
                {errorMessage(send.error)}
              </span>
            ) : (
              t`${count} / ${limit} characters`
            )}
          </p>
          <Button type="submit" className="mt-2" disabled={send.isPending || !text.trim()}>
            <Trans>Send message</Trans>
          </Button>
        </form>
      ) : (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
          <Trans>As a viewer of this company you can read the messages; its owners and recruiters write them.</Trans>
        </p>
      )}
    </section>
  );
}
