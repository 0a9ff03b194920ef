import { api } from './api-client';
import { applyAuthSession, type Session } from './session-store';

/**
 * A developer acts as another user. The server issues the target's session, remembering the
 * developer so they can switch back; the floating switch-back button of features/auth appears from
 * `actingAs`. In lib because the users page (another feature) starts the switch and features never
 * import each other.
 */
export async function switchUser(targetUserId: string): Promise<Session> {
  return applyAuthSession(await api.call('POST /api/auth/switch-user', { body: { targetUserId } }));
}
