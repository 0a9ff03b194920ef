import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { clearSession } from '@/lib/session-store';

export const logoutKey = '/auth/logout';

/** Revokes the refresh cookie on the server, then forgets the session here whatever the answer. */
export async function logout(): Promise<void> {
  try {
    await api.call('POST /api/auth/logout');
  } catch {
    // Signing out must always work locally; the server-side token expires on its own.
  } finally {
    clearSession();
  }
}

export function useLogout() {
  return useSWRMutation(logoutKey, () => logout());
}
