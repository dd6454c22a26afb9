import { alertQueryString, type SearchQuery } from '@jobboard/shared';
import { useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { lazyScreen } from '../../../lib/lazy-screen';
import { signInPath } from '../../../lib/next-path';
import { useSession } from '../../../lib/session';

// The dialog (and its request code) loads on first use: the home page's first load carries only this button.
const AlertDialog = lazyScreen(() => import('./AlertDialog'), 'AlertDialog', 'alerts');

/**
 * "Alert me" on the search results: opens a small dialog to save the current search as a daily or instant alert.
 * Signed out, it leads to sign-in and back here (the search kept in the address).
 */
export function AlertMeButton({ query, placement }: { query: SearchQuery; placement?: 'empty' }) {
  const { t } = useLingui();
  const label = placement === 'empty' ? t`Create an alert` : t`Alert me`;
  const testId = placement === 'empty' ? 'alert-me-empty' : 'alert-me';
  const { user, pending } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const { page: _page, sort: _sort, ...search } = query;
  return (
    <>
      <button
        type="button"
        data-testid={testId}
        aria-haspopup="dialog"
        disabled={pending}
        onClick={() => {
          if (user) setOpen(true);
          else void navigate(signInPath(`${location.pathname}${location.search}`));
        }}
        className="rounded-lg border border-teal-700 px-3 py-1.5 text-sm font-semibold text-teal-800 hover:bg-teal-50 disabled:opacity-60 dark:border-teal-400 dark:text-teal-200 dark:hover:bg-teal-950"
      >
        {label}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <AlertDialog search={search} query={alertQueryString(search)} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
