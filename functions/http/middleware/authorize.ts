import { accessMessages } from '#shared/messages/access';
import { ForbiddenError } from '#commons/errors';
import { stateOf, type ApiMiddleware } from './api-request';

/**
 * The route's access against the caller's CURRENT role (a demoted operator's old token gets the 403
 * of a user). The 403 text is the route's own `forbidden` text where it has one, else the level's.
 */
export const authorize: ApiMiddleware = {
  before: (request) => {
    const { route, caller } = stateOf(request);
    const access = route.access;
    if (access === 'public' || access === 'worker') return;
    // authenticate has answered 401 to a person's route without a live caller
    const { role } = caller!;
    if (access === 'user' || role === 'developer' || (access === 'operator' && role === 'operator')) return;
    throw new ForbiddenError(
      route.forbidden ?? (access === 'operator' ? accessMessages.operatorsOnly : accessMessages.developersOnly),
    );
  },
};
