import { enrolmentRequiredError, mustEnrolFirst } from '../../domain/auth/second-factor-policy';
import { stateOf, type ApiMiddleware } from './api-request';

/**
 * A staff account that must have a second factor and has none may only enrol: every signed-in route
 * but those marked `secondFactor: 'enrolment'` answers 403 with the code `SECOND_FACTOR_ENROLMENT`,
 * which the SPA reads to show the enrolment. Ordinary users pass at no cost; for staff it is one
 * small read (cached a few seconds for reads, consistent for writes) and the cached settings.
 */
export const secondFactorGate: ApiMiddleware = {
  before: async (request) => {
    const { route, caller } = stateOf(request);
    if (!caller || route.access === 'public' || route.access === 'worker' || route.secondFactor === 'enrolment') return;
    if (await mustEnrolFirst(caller, route.method !== 'GET')) throw enrolmentRequiredError();
  },
};
