import type { RouteDef } from '../route-types';

/** The `settings` group's routes (its Lambda bundles only these; infra/routes.ts joins every group). */
export const settingsRoutes = [
  // system settings and liveness; writes by operators and developers (operator-console §6), history and revert by developers
  { method: 'GET', path: '/api/health', group: 'settings', op: 'health', access: 'public' },
  { method: 'GET', path: '/api/system-settings', group: 'settings', op: 'getAll', access: 'public' },
  { method: 'PUT', path: '/api/system-settings', group: 'settings', op: 'updateAll', access: 'operator' },
  {
    method: 'GET',
    path: '/api/system-settings/category/{category}',
    group: 'settings',
    op: 'getCategory',
    access: 'public',
  },
  { method: 'GET', path: '/api/system-settings/key/{key}', group: 'settings', op: 'getKey', access: 'public' },
  { method: 'PUT', path: '/api/system-settings/key/{key}', group: 'settings', op: 'updateKey', access: 'operator' },
  { method: 'GET', path: '/api/system-settings/history', group: 'settings', op: 'history', access: 'developer' },
  {
    method: 'POST',
    path: '/api/system-settings/history/{id}/revert',
    group: 'settings',
    op: 'revert',
    access: 'developer',
  },
] as const satisfies readonly RouteDef[];
