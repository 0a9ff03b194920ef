import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { homePathFor, isStaff, normaliseRole } from '#shared/roles';
import { LoadingBlock } from '@/components/ui/spinner';
import { useSessionState } from '@/lib/session-store';
import { NoAccessRoute } from './no-access-route';

// Fetched only by those who need them: an account that must enrol, and a signed-in session.
const EnrolmentRoute = lazy(() => import('./enrolment-route').then((m) => ({ default: m.EnrolmentRoute })));
const StepUpPrompt = lazy(() =>
  import('@/features/second-factor/components/step-up-prompt').then((m) => ({ default: m.StepUpPrompt })),
);

/**
 * Every route but /login and /login-preview: signed-out visitors go to /login; a staff account that
 * must enrol a second factor sees only the enrolment until it has one.
 */
export function RequireAuth() {
  const state = useSessionState();
  const location = useLocation();
  if (state.status === 'restoring') return <LoadingBlock fullScreen />;
  if (state.status === 'anonymous') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (state.session.enrolmentRequired)
    return (
      <Suspense fallback={<LoadingBlock fullScreen />}>
        <EnrolmentRoute />
      </Suspense>
    );
  // Only staff (and a developer acting as someone) do the acts that ask for a fresh code: an advertiser's
  // first load does not fetch the prompt.
  const mayStepUp = isStaff(normaliseRole(state.session.user.role)) || Boolean(state.session.actingAs);
  return (
    <>
      <Outlet />
      {mayStepUp && (
        <Suspense fallback={null}>
          <StepUpPrompt />
        </Suspense>
      )}
    </>
  );
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
