import type { RouteDef } from '../route-types';

/** The `rank` group's routes: worker keys (developers) and the two rank-check worker routes (`x-api-key`). */
export const rankRoutes = [
  { method: 'POST', path: '/api/rank/worker-keys', group: 'rank', op: 'createWorkerKey', access: 'developer' },
  { method: 'GET', path: '/api/rank/worker-keys', group: 'rank', op: 'listWorkerKeys', access: 'developer' },
  { method: 'DELETE', path: '/api/rank/worker-keys/{id}', group: 'rank', op: 'revokeWorkerKey', access: 'developer' },
  { method: 'GET', path: '/api/rank/work', group: 'rank', op: 'work', access: 'worker' },
  { method: 'POST', path: '/api/rank/observations', group: 'rank', op: 'observations', access: 'worker' },
] as const satisfies readonly RouteDef[];
