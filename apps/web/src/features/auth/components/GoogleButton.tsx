import type { User } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { serverText } from '../../../components/server-text';
import { queryKeys } from '../../../lib/query-keys';
import { googleConfigured } from '../api/auth';
import { openGooglePopup } from './google';

const GOOGLE_G =
  // eslint-disable-next-line lingui/no-unlocalized-strings -- SVG path data, not words
  'M21.35 11.1H12v2.98h5.35c-.23 1.4-1.66 4.1-5.35 4.1-3.22 0-5.85-2.67-5.85-5.96S8.78 6.26 12 6.26c1.83 0 3.06.78 3.76 1.45l2.56-2.47C16.68 3.7 14.54 2.75 12 2.75 6.9 2.75 2.75 6.9 2.75 12s4.15 9.25 9.25 9.25c5.34 0 8.88-3.75 8.88-9.04 0-.6-.07-1.07-.15-1.51Z';

export interface GoogleButtonProps {
  onSuccess: (user: User) => void;
  onError: (message: string) => void;
}

/** Whether this install offers Google sign-in (GET /api/auth/google/config): false until the server said yes. */
export function useGoogleOffered(): boolean {
  const config = useQuery({ queryKey: queryKeys.googleConfig, queryFn: googleConfigured, staleTime: Infinity });
  return config.data === true;
}

/**
 * Shown only once the server said Google sign-in is configured (useGoogleOffered), so the click itself can open
 * the popup: browsers only allow a popup opened directly in the click, not after waiting for a request.
 */
export function GoogleButton({ onSuccess, onError }: GoogleButtonProps) {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const result = await openGooglePopup();
      if (result.ok && result.user) onSuccess(result.user);
      else if (result.message) onError(serverText(i18n, result.message));
    } catch (error) {
      // Spec section 8: a Google sign-in failure is only logged.
      console.error(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void onClick()}
      disabled={busy}
      className="flex w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d={GOOGLE_G} fill="currentColor" />
      </svg>
      <Trans>Continue with Google</Trans>
    </button>
  );
}
