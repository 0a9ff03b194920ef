import { maintenanceText } from '#shared/messages/settings';
import { DomainError } from '#commons/errors';
import { getSettings } from '../../domain/settings/settings-service';
import { stateOf, type ApiMiddleware } from './api-request';

/**
 * maintenanceMode: ordinary users, and anyone not signed in, may read (the SPA shows its
 * maintenance page) but not write; operators and developers keep working on signed-in routes (a
 * public one, signing up, stays closed whatever token comes with it), and so does a developer
 * switched into a user's account (the acting person is a developer). The rank worker keeps posting
 * its checks: it is the product's own machine, not a customer, and a check refused during the
 * notice was a page load spent for nothing and a day's rank that could go missing. Checked once for
 * every non-GET route but those marked `maintenance: 'open'` (signing in to read, refreshing,
 * leaving, switching back); settings are the 10 s cached copy, so it costs no extra read.
 */
export const maintenance: ApiMiddleware = {
  before: async (request) => {
    const { route, caller } = stateOf(request);
    if (route.method === 'GET' || route.maintenance === 'open' || route.access === 'worker') return;
    // A public route (signing up) is the public's whoever calls it: a staff token does not open it.
    if (caller && route.access !== 'public' && (caller.role !== 'user' || caller.actorId)) return;
    if ((await getSettings()).maintenanceMode) throw new DomainError('MAINTENANCE', maintenanceText);
  },
};
