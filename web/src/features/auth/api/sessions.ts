import type { EndedSessions } from '#shared/schemas/sessions';
import { api } from '@/lib/api-client';
import { useAction } from '@/lib/route-data';

export type SessionEnding = { which: 'one'; id: string } | { which: 'others' };

function endSessions(arg: SessionEnding): Promise<EndedSessions> {
  return arg.which === 'one'
    ? api.call('DELETE /api/auth/sessions/{id}', { path: { id: arg.id } })
    : api.call('POST /api/auth/sessions/end-others');
}

/** Ends one session or every other one; the list reloads afterwards, also after a failure. */
export const useEndSessions = () =>
  useAction('end sessions', endSessions, { invalidates: ['GET /api/auth/sessions'], invalidatesOnError: true });
