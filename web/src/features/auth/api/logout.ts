import { api } from '@/lib/api-client';
import { useAction } from '@/lib/route-data';
import { clearSession } from '@/lib/session-store';

/** Revokes the refresh cookie on the server, then forgets the session here whatever the answer. */
async function logout(): Promise<void> {
  try {
    await api.call('POST /api/auth/logout');
  } catch {
    // Signing out must always work locally; the server-side token expires on its own.
  } finally {
    clearSession();
  }
}

export const useLogout = () => useAction('logout', logout);
