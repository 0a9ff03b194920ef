import { accessMessages } from '#shared/messages/access';
import { ForbiddenError, UnauthorizedError } from '#commons/errors';
import { logger } from '#commons/logger';
import { currentCaller } from '../../domain/auth/active-account';
import { verifyAccessToken } from '../../domain/auth/tokens';
import type { WorkerIdentity } from '../../domain/rank-measurement/worker-auth';
import { stateOf, type ApiMiddleware } from './api-request';

export interface AuthenticateOptions {
  /** The worker-key check (domain/rank-measurement/worker-auth.ts), passed only by the group with worker routes: no other bundle carries it. */
  authenticateWorker?: (key: string | undefined) => Promise<WorkerIdentity>;
}

/**
 * Who is calling, as the account and session records say now (domain/auth/active-account.ts): a token
 * whose account was deactivated or deleted, or whose session ended (logout, switch-back), is a 401 on
 * every route, reads included. Reads may use a status a few seconds old (CALLER_STATUS_CACHE_MS);
 * writes read it consistently. A route with `session: 'actorOnly'` needs only the session and the
 * acting developer to be live: switch-back is how a developer leaves a user deactivated meanwhile.
 * Public routes may still use a valid token (logout); a bad or ended one is simply ignored. Worker
 * routes take a worker key in `x-api-key` only: a signed-in person's token is a 403 (the route's
 * `forbidden` text).
 */
export const authenticate = ({ authenticateWorker }: AuthenticateOptions = {}): ApiMiddleware => ({
  before: async (request) => {
    const state = stateOf(request);
    const { route, headers } = state;
    const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
    if (route.access === 'public') {
      const token = bearer ? await verifyAccessToken(bearer).catch(() => null) : null;
      state.caller = token ? await currentCaller(token).catch(() => null) : null;
    } else if (route.access === 'worker') {
      if (!headers['x-api-key'] && bearer && (await verifyAccessToken(bearer).catch(() => null)))
        throw new ForbiddenError(route.forbidden ?? accessMessages.noPermission);
      // One domain call: 401 for a missing, unknown or revoked key.
      state.worker = await authenticateWorker!(headers['x-api-key']);
    } else {
      if (!bearer) throw new UnauthorizedError(accessMessages.noToken);
      state.caller = await currentCaller(await verifyAccessToken(bearer), {
        fresh: route.method !== 'GET',
        actorOnly: route.session === 'actorOnly',
      });
    }
    const caller = state.caller;
    if (caller) logger.appendKeys({ userId: caller.userId, ...(caller.actorId ? { actorId: caller.actorId } : {}) });
  },
});
