import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { homePathFor, isStaff } from '#shared/roles';
import { themes } from '#shared/setting-defaults';
import { LoginPage } from '@/features/auth/components/login-page';
import { useSessionState } from '@/lib/session-store';

/** Pages of the other side: advertisers' own slot screens (hidden from staff menus) and the console. */
const userOnly = /^\/slots(\/|$)/;
const staffOnly = /^\/admin(\/|$)/;

/**
 * Where to go after signing in: back to the page that sent us here when it belongs to this role,
 * else the role's home (operators and developers land on /admin, users on /slots).
 */
export function targetAfterLogin(from: unknown, role: string): string {
  if (typeof from !== 'string' || from === '/' || from.startsWith('/login')) return homePathFor(role);
  const path = from.split(/[?#]/)[0];
  return (isStaff(role) ? userOnly : staffOnly).test(path) ? homePathFor(role) : from;
}

/**
 * /login: a signed-in visitor is sent on by role. The form shows while a session may still be coming
 * back from the refresh cookie: nearly everyone here is signed out, and waiting for that answer kept
 * a phone on a spinner for a round trip; a visitor whose session does come back is sent on then.
 */
export function LoginRoute() {
  const state = useSessionState();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  if (state.status === 'authenticated') return <Navigate to={homePathFor(state.session.user.role)} replace />;
  return <LoginPage onSignedIn={(session) => navigate(targetAfterLogin(from, session.user.role), { replace: true })} />;
}

/** /login-preview?theme=…: the login look in a theme; the form does nothing. */
export function LoginPreviewRoute() {
  const [params] = useSearchParams();
  const requested = params.get('theme');
  const theme = (themes as readonly string[]).includes(requested ?? '') ? requested! : 'simple';
  return (
    <div data-theme={theme}>
      <LoginPage preview />
    </div>
  );
}
