import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { homePathFor } from '#shared/roles';
import { themes } from '#shared/settings';
import { LoadingBlock } from '@/components/ui/spinner';
import { LoginPage } from '@/features/auth/components/login-page';
import { useSessionState } from '@/lib/session-store';

/** Where to go after signing in: back to the page that sent us here, else the role's home. */
function targetAfterLogin(from: unknown, role: string) {
  return typeof from === 'string' && from !== '/' && from !== '/login' ? from : homePathFor(role);
}

/** /login: a signed-in visitor is sent on by role (spec route table). */
export function LoginRoute() {
  const state = useSessionState();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  if (state.status === 'restoring') return <LoadingBlock fullScreen />;
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
