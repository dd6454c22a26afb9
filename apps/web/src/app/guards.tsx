import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../lib/store';

/** Signed-in only routes: nobody signed in -> /sign-in (spec section 2). */
export function RequireAuth() {
  const currentUser = useCurrentUser();
  const location = useLocation();
  if (!currentUser) return <Navigate to="/sign-in" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
