import useSWRMutation from 'swr/mutation';
import type { AuthSession } from '#shared/schemas/auth';
import { api } from '@/lib/api-client';
import { applyAuthSession, type Session } from '@/lib/session-store';

export const switchBackKey = '/auth/switch-back';

/** Ends a developer's user-switch: the server restores the developer's own session. */
export async function switchBack(): Promise<Session> {
  return applyAuthSession(await api.post<AuthSession>(switchBackKey));
}

export function useSwitchBack() {
  return useSWRMutation(switchBackKey, () => switchBack());
}
