import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { resendVerificationRequest, unauthorizedRecheck } from '../../lib/session';
import { serverText } from '../server-text';

type ResendState = { kind: 'idle' | 'sending' } | { kind: 'sent' | 'failed'; message: string };

/**
 * Local state rather than useMutation: the banner that uses this is a lazy chunk of its own, and useMutation in it
 * made the bundler split the home page's first load into more files (about 1 KB gzipped of its 105 KB budget).
 * A 401 still ends the session the app's way: the `me` query is asked again and finds nobody (lib/session.ts).
 */
function useResendVerification() {
  const client = useQueryClient();
  const [state, setState] = useState<ResendState>({ kind: 'idle' });
  const send = () => {
    setState({ kind: 'sending' });
    resendVerificationRequest().then(
      (answer) => setState({ kind: 'sent', message: answer.message }),
      (error: unknown) => {
        setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
        unauthorizedRecheck(client, error);
      },
    );
  };
  return { state, send };
}

export interface ResendVerificationProps {
  /** The button's text. */
  label?: string;
  /** Looks like a link inside a sentence (the banner) or like a button (a page of its own). */
  look?: 'link' | 'button';
}

/**
 * "Send the link again": mails the signed-in user a new confirmation link (POST /api/auth/resend-verification).
 * The server's answer is shown beside the button: that it was sent, or why not (asked too often: 429).
 */
export function ResendVerification({ label, look = 'link' }: ResendVerificationProps) {
  const { state, send } = useResendVerification();
  const { t, i18n } = useLingui();
  const buttonClass =
    look === 'link'
      ? 'font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-950 disabled:cursor-wait disabled:opacity-70 dark:text-teal-200 dark:hover:text-white'
      : 'inline-flex items-center justify-center rounded-lg bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800 disabled:cursor-wait disabled:opacity-60';
  return (
    <>
      <button type="button" className={buttonClass} disabled={state.kind === 'sending'} onClick={send}>
        {state.kind === 'sending' ? t`Sending...` : (label ?? t`Send the link again`)}
      </button>
      <span
        role="status"
        aria-live="polite"
        data-testid="resend-status"
        className={look === 'link' ? 'ms-2' : 'mt-3 block'}
      >
        {state.kind === 'sent' ? (
          <span className="text-green-800 dark:text-green-300">{serverText(i18n, state.message)}</span>
        ) : null}
        {state.kind === 'failed' ? (
          <span className="text-red-700 dark:text-red-300">{serverText(i18n, state.message)}</span>
        ) : null}
      </span>
    </>
  );
}
