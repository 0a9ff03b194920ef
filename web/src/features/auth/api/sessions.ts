import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { EndedSessions } from '#shared/schemas/sessions';
import { api } from '@/lib/api-client';

/** The account's live sessions on 내 정보 (device, address, sign-in, last refresh; the current one marked). */
export const sessionsKey = '/auth/sessions';

export const getSessions = () => api.call('GET /api/auth/sessions');

export function useSessions() {
  return useSWR(sessionsKey, getSessions);
}

export type SessionEnding = { which: 'one'; id: string } | { which: 'others' };

export function endSessions(arg: SessionEnding): Promise<EndedSessions> {
  return arg.which === 'one'
    ? api.call('DELETE /api/auth/sessions/{id}', { path: { id: arg.id } })
    : api.call('POST /api/auth/sessions/end-others');
}

/** Ends one session or every other one; the list reloads afterwards, also after a failure. */
export function useEndSessions() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(`${sessionsKey}#end`, async (_key: string, { arg }: { arg: SessionEnding }) => {
    try {
      return await endSessions(arg);
    } finally {
      await mutate(sessionsKey);
    }
  });
}
