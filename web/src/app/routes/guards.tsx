import { Navigate, Outlet, useLocation } from 'react-router';
import { homePathFor, isStaff, normaliseRole } from '#shared/roles';
import { LoadingBlock } from '@/components/ui/spinner';
import { useSessionState } from '@/lib/session-store';
import { NoAccessRoute } from './no-access-route';

/** Every route but /login and /login-preview: signed-out visitors go to /login. */
export function RequireAuth() {
  const state = useSessionState();
  const location = useLocation();
  if (state.status === 'restoring') return <LoadingBlock fullScreen />;
  if (state.status === 'anonymous') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** /admin/*: operators and developers; anyone else reads the no-access page with a way home. */
export function RequireStaff() {
  const { session } = useSessionState();
  if (!session) return null;
  if (!isStaff(session.user.role)) return <NoAccessRoute home={homePathFor(session.user.role)} />;
  return <Outlet />;
}

/** /admin/settings: developers only; operators go back to the dashboard. */
export function RequireDeveloper() {
  const { session } = useSessionState();
  if (!session) return null;
  if (normaliseRole(session.user.role) !== 'developer') return <Navigate to="/admin" replace />;
  return <Outlet />;
}

/** `/`: the role's home (/admin for staff, /slots for users). */
export function HomeRedirect() {
  const { session } = useSessionState();
  return session ? <Navigate to={homePathFor(session.user.role)} replace /> : <Navigate to="/login" replace />;
}
