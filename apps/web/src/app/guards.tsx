import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../components/ui/Spinner';
import { safeNextPath, signInPath } from '../lib/next-path';
import { clearExit, exitTarget, onSessionEnded, useSession } from '../lib/session';

/**
 * Signed-in only routes: nobody signed in -> /sign-in (docs/product.md, "Screens"), remembering the page so signing in
 * comes back to it. Until the server has said who is signed in, a spinner (never the page's skeletons).
 */
export function RequireAuth() {
  const { user, pending } = useSession();
  const location = useLocation();
  const client = useQueryClient();
  const { t } = useLingui();
  if (pending) return <Spinner label={t`Checking your session`} />;
  // After signing out or deleting the account, on to where that goes; otherwise to sign in, and back here after.
  if (!user)
    return <Navigate to={exitTarget(client) ?? signInPath(`${location.pathname}${location.search}`)} replace />;
  return <Outlet />;
}

/** Sign-in and sign-up are for visitors: a signed-in user goes on to `next` (a path on this site) or home. */
export function GuestOnly() {
  const { user } = useSession();
  const [params] = useSearchParams();
  if (user) return <Navigate to={safeNextPath(params.get('next')) ?? '/'} replace />;
  return <Outlet />;
}

/** A session that ends while the app is open (a 401 from any call) sends the person to sign in, and back here after. */
export function SessionEndedRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
    // A deliberate exit has arrived somewhere: from now on guards remember the page again.
    clearExit(client);
  }, [location, client]);
  useEffect(
    () =>
      onSessionEnded(() => {
        const { pathname, search } = here.current;
        if (pathname === '/sign-in' || pathname === '/sign-up') return;
        void navigate(signInPath(`${pathname}${search}`), { replace: true });
      }),
    [navigate],
  );
  return null;
}
