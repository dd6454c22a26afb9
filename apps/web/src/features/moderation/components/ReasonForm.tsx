import { MODERATION_LIMITS } from '@jobboard/shared';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';

/** The reason an administrator gives for hiding a job or banning an account: the poster is shown it. */
export function ReasonForm({
  label,
  submit,
  onSubmit,
  onCancel,
  busy,
  required = true,
  danger = true,
}: {
  label: string;
  submit: string;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
  busy: boolean;
  /** Whether an empty reason is refused (hide, ban, close, delete, role changes); unhide and unban may go without. */
  required?: boolean;
  /** A red button for what takes something away (hide, ban, close, delete, revoke). */
  danger?: boolean;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [empty, setEmpty] = useState(false);
  return (
    <form
      className="mt-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (required && !reason.trim()) {
          setEmpty(true);
          return;
        }
        onSubmit(reason.trim());
      }}
    >
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        // Opened by the administrator's own click: the reason is what they came to write.
        autoFocus
        rows={2}
        value={reason}
        maxLength={MODERATION_LIMITS.reasonMaxLength}
        aria-invalid={empty}
        aria-describedby={empty ? `${id}-error` : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setEmpty(false);
        }}
        className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-800"
      />
      {empty ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          <Trans>Give a reason</Trans>
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy}>
          {busy ? <Trans>Saving…</Trans> : submit}
        </Button>
      </div>
    </form>
  );
}
