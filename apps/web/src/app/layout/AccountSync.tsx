import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { startAccountSync, type AccountChange } from '../../lib/account-sync';

/**
 * Keeps this tab in step with the account other tabs sign in to (lib/account-sync.ts), and says when it changed:
 * this tab now shows that account, and what it showed of the previous one is gone. Until dismissed or the next change.
 */
export function AccountSync() {
  const client = useQueryClient();
  const [change, setChange] = useState<AccountChange | null>(null);
  useEffect(() => startAccountSync(client, setChange), [client]);
  if (!change) return null;
  const account = change.user ? change.user.name || change.user.email : null;
  return (
    <div
      role="status"
      data-testid="account-changed"
      className="border-b border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-50"
    >
      <p className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 px-4 py-2 text-sm sm:px-6">
        <span className="wrap-anywhere">
          {account ? (
            <Trans>You signed in as {account} in another tab.</Trans>
          ) : (
            <Trans>You signed out in another tab.</Trans>
          )}
        </span>
        <button type="button" onClick={() => setChange(null)} className="font-semibold underline hover:no-underline">
          <Trans>Dismiss</Trans>
        </button>
      </p>
    </div>
  );
}
