import { hasSessionHint, refreshSession } from '@/lib/api-client';
import { clearSession, getSessionState } from '@/lib/session-store';

let restoring: Promise<void> | null = null;

/**
 * Restores the session once per page load (the access token lives only in memory, so a reload
 * starts signed out until the cookie is traded). Without a valid cookie — or when the server cannot
 * be reached — the app continues signed out. Shared promise: React's strict mode mounts twice, and
 * each refresh rotates the cookie. Other tabs restoring at the same moment wait their turn inside
 * `refreshSession` (Web Locks), so they send the cookie this tab just received.
 */
export function restoreSession(): Promise<void> {
  // No hint, no refresh cookie: the visit starts signed out without asking the server.
  restoring ??= (hasSessionHint() ? refreshSession() : Promise.resolve(null))
    .catch(() => null)
    .then((session) => {
      if (!session && getSessionState().status === 'restoring') clearSession();
    });
  return restoring;
}
