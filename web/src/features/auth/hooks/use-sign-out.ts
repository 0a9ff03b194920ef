import { useNavigate } from 'react-router';
import { useLogout } from '../api/logout';

/** The 로그아웃 button: end the session on the server and here, then show the login page. */
export function useSignOut() {
  const navigate = useNavigate();
  const { trigger, isMutating } = useLogout();
  const signOut = async () => {
    await trigger();
    navigate('/login', { replace: true });
  };
  return { signOut, isSigningOut: isMutating };
}
