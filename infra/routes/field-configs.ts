import type { RouteDef } from '../route-types';

/** The `fieldConfigs` group's routes (its Lambda bundles only these; infra/routes.ts joins every group). */
export const fieldConfigRoutes = [
  // slot field configs: read by every signed-in page, edited on the developer's settings page (operator-console §7)
  { method: 'GET', path: '/api/field-configs', group: 'fieldConfigs', op: 'list', access: 'user' },
  { method: 'PUT', path: '/api/admin/field-configs', group: 'fieldConfigs', op: 'replace', access: 'developer' },
  { method: 'POST', path: '/api/admin/field-configs', group: 'fieldConfigs', op: 'create', access: 'developer' },
  { method: 'POST', path: '/api/admin/field-configs/reset', group: 'fieldConfigs', op: 'reset', access: 'developer' },
  {
    method: 'DELETE',
    path: '/api/admin/field-configs/{key}',
    group: 'fieldConfigs',
    op: 'remove',
    access: 'developer',
  },
] as const satisfies readonly RouteDef[];
