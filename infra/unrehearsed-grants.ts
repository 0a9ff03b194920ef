import type { UnrehearsedGrant } from './rehearsal/grants';

/**
 * Grants the deploy rehearsal's run does not exercise, kept because the function's code does call
 * them on a path the run does not take. `npm run rehearse` fails on any other granted action that no
 * rehearsed call used, and on an entry here that no longer matches a grant. Functions are named
 * `<stack>/<service>` as the rehearsal reports them.
 */
export const unrehearsedGrants: readonly UnrehearsedGrant[] = [];
