import { useEffect, useState } from 'react';
import { onAccountChanged, type AccountChange } from '../../lib/session';

/**
 * Says that another tab of this browser changed who is signed in (lib/session.ts tells): this tab now shows that
 * account, and what it showed of the previous one is gone. Until dismissed or the next change.
 */
export function AccountChangedNotice() {
  const [change, setChange] = useState<AccountChange | null>(null);
  useEffect(() => onAccountChanged(setChange), []);
  if (!change) return null;
  return (
    <div role="status" data-testid="account-changed" className="border-b border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-50">
      <p className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 px-4 py-2 text-sm sm:px-6">
        <span className="wrap-anywhere">
          {change.user ? `You signed in as ${change.user.name || change.user.email} in another tab.` : 'You signed out in another tab.'}
        </span>
        <button type="button" onClick={() => setChange(null)} className="font-semibold underline hover:no-underline">
          Dismiss
        </button>
      </p>
    </div>
  );
}
