import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { applyAuthSession, type Session } from '@/lib/session-store';

export const switchBackKey = '/auth/switch-back';

/** Ends a developer's user-switch: the server restores the developer's own session. */
export async function switchBack(): Promise<Session> {
  return applyAuthSession(await api.call('POST /api/auth/switch-back'));
}

export function useSwitchBack() {
  return useSWRMutation(switchBackKey, () => switchBack());
}
