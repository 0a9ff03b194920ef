import type { RouteDef } from '../route-types';

/** The `users` group's routes (its Lambda bundles only these; infra/routes.ts joins every group). */
export const userRoutes = [
  // operator console: user management (issue 10, users); literal /stats beats {id}
  { method: 'GET', path: '/api/users', group: 'users', op: 'list', access: 'operator' },
  { method: 'POST', path: '/api/users', group: 'users', op: 'create', access: 'operator' },
  { method: 'GET', path: '/api/users/stats', group: 'users', op: 'stats', access: 'operator' },
  { method: 'GET', path: '/api/users/{id}', group: 'users', op: 'get', access: 'operator' },
  { method: 'PUT', path: '/api/users/{id}', group: 'users', op: 'update', access: 'operator' },
  { method: 'DELETE', path: '/api/users/{id}', group: 'users', op: 'remove', access: 'operator' },
  { method: 'GET', path: '/api/users/{id}/logs', group: 'users', op: 'logs', access: 'operator' },
] as const satisfies readonly RouteDef[];
