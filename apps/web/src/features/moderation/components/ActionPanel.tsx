import { FEATURE_MOST_DAYS } from '@jobboard/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { inputClass, labelClass } from '../../../components/ui/Field';
import { useConsoleAction, type ConsoleActionKind } from '../api/console';
import { ReasonForm } from './ReasonForm';
import { errorText, serverText } from './console-words';

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The company a duplicate is merged into, by its address (the part of its page's address after /company/). */
function IntoField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="mt-3">
      <label htmlFor={id} className={labelClass}>
        <Trans>Merge into the company at /company/…</Trans>
      </label>
      <input
        id={id}
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t`its address, e.g. harbour-freight`}
        className={`${inputClass} min-h-11`}
      />
    </div>
  );
}

/** The last featured day of a job being featured: from today to FEATURE_MOST_DAYS ahead, 30 days by default. */
function UntilField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="mt-3">
      <label htmlFor={id} className={labelClass}>
        <Trans>Featured until (the last day)</Trans>
      </label>
      <input
        id={id}
        type="date"
        required
        min={dayFromNow(0)}
        max={dayFromNow(FEATURE_MOST_DAYS)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} min-h-11 w-auto`}
      />
    </div>
  );
}

/** What each action asks and says: every one is in the audit log with its reason. */
const REASON = msg`Reason`;
const OPTIONAL = msg`Reason (optional)`;
const ACTIONS: Record<
  ConsoleActionKind,
  { title: MessageDescriptor; submit: MessageDescriptor; label: MessageDescriptor; required: boolean }
> = {
  hide: { title: msg`Hide job`, submit: msg`Hide job`, label: msg`Reason (the poster sees it)`, required: true },
  approve: { title: msg`Unhide job`, submit: msg`Unhide job`, label: OPTIONAL, required: false },
  close: { title: msg`Close job`, submit: msg`Close job`, label: REASON, required: true },
  feature: { title: msg`Feature job`, submit: msg`Feature job`, label: REASON, required: true },
  unfeature: { title: msg`Stop featuring`, submit: msg`Stop featuring`, label: REASON, required: true },
  merge: { title: msg`Merge company`, submit: msg`Merge companies`, label: REASON, required: true },
  ban: { title: msg`Ban account`, submit: msg`Ban account`, label: msg`Reason (the account sees it)`, required: true },
  unban: { title: msg`Unban account`, submit: msg`Unban account`, label: OPTIONAL, required: false },
  'resend-confirmation': {
    title: msg`Resend the confirmation link`,
    submit: msg`Send link`,
    label: OPTIONAL,
    required: false,
  },
  'grant-admin': { title: msg`Make administrator`, submit: msg`Grant role`, label: REASON, required: true },
  'revoke-admin': { title: msg`Remove administrator`, submit: msg`Revoke role`, label: REASON, required: true },
  delete: {
    title: msg`Delete account`,
    submit: msg`Delete account`,
    label: msg`Reason (the account, its jobs and applications go for good)`,
    required: true,
  },
};

const DANGER: readonly ConsoleActionKind[] = ['hide', 'close', 'ban', 'revoke-admin', 'delete', 'merge'];

export interface PendingAction {
  kind: ConsoleActionKind;
  id: string;
  /** The job's title or the account's e-mail, for the heading. */
  target: string;
}

/**
 * The reason form of the action an administrator chose, above the list it came from (so tables and cards share
 * it); `onDone` hears the server's message, `onClose` closes it.
 */
export function ActionPanel({
  action,
  onClose,
  onDone,
}: {
  action: PendingAction;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { i18n } = useLingui();
  const run = useConsoleAction();
  const text = ACTIONS[action.kind];
  const title = i18n._(text.title);
  const [until, setUntil] = useState(() => dayFromNow(30));
  const [into, setInto] = useState('');
  return (
    <div
      role="region"
      aria-label={title}
      data-testid="console-action"
      className="mb-5 rounded-2xl border border-slate-300 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">
        <Trans>
          {title}:{' '}
          <span className="wrap-anywhere" dir="auto">
            {action.target}
          </span>
        </Trans>
      </h2>
      {run.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
          {errorText(i18n, run.error)}
        </p>
      ) : null}
      {action.kind === 'feature' ? <UntilField value={until} onChange={setUntil} /> : null}
      {action.kind === 'merge' ? <IntoField value={into} onChange={setInto} /> : null}
      <ReasonForm
        key={`${action.kind}:${action.id}`}
        label={i18n._(text.label)}
        submit={i18n._(text.submit)}
        required={text.required}
        danger={DANGER.includes(action.kind)}
        busy={run.isPending}
        onCancel={onClose}
        onSubmit={(reason) =>
          run.mutate(
            {
              kind: action.kind,
              id: action.id,
              reason,
              ...(action.kind === 'feature' ? { until } : {}),
              ...(action.kind === 'merge' ? { into: into.trim() } : {}),
            },
            {
              onSuccess: (answer) => {
                onDone(serverText(i18n, answer.message));
                onClose();
              },
            },
          )
        }
      />
    </div>
  );
}

/** The outcome of the last action, always in the page so screen readers announce it when it arrives. */
export function Outcome({ text }: { text: string }) {
  return (
    <p
      role="status"
      data-testid="console-outcome"
      className={
        text ? 'mb-4 rounded-lg bg-teal-50 p-3 text-sm text-teal-950 dark:bg-teal-950 dark:text-teal-50' : 'sr-only'
      }
    >
      {text}
    </p>
  );
}
