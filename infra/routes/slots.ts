import type { RouteDef } from '../route-types';

/** The `slots` group's routes (its Lambda bundles only these; infra/routes.ts joins every group). */
export const slotRoutes = [
  // slots (advertiser §7, operator §7); literal segments win over {id} here and in API Gateway
  { method: 'GET', path: '/api/slots', group: 'slots', op: 'list', access: 'user' },
  { method: 'POST', path: '/api/slots', group: 'slots', op: 'create', access: 'user' },
  { method: 'POST', path: '/api/slots/bulk', group: 'slots', op: 'bulkCreate', access: 'user' },
  { method: 'GET', path: '/api/slots/count', group: 'slots', op: 'count', access: 'user' },
  { method: 'PUT', path: '/api/slots/user/bulk-update', group: 'slots', op: 'userBulkUpdate', access: 'user' },
  { method: 'GET', path: '/api/slots/allocation/{userId}', group: 'slots', op: 'allocation', access: 'user' },
  { method: 'GET', path: '/api/slots/{id}', group: 'slots', op: 'get', access: 'user' },
  { method: 'PATCH', path: '/api/slots/{id}/status', group: 'slots', op: 'changeStatus', access: 'user' },
  { method: 'PUT', path: '/api/slots/{id}/update-fields', group: 'slots', op: 'updateFields', access: 'user' },
  { method: 'PUT', path: '/api/slots/{id}/fill', group: 'slots', op: 'fill', access: 'user' },
  { method: 'GET', path: '/api/slots/{id}/logs', group: 'slots', op: 'logs', access: 'user' },
  { method: 'GET', path: '/api/slots/{id}/field-values', group: 'slots', op: 'fieldValues', access: 'user' },
  { method: 'GET', path: '/api/slots/{id}/rank-delete-query', group: 'slots', op: 'rankDeleteQuery', access: 'user' },
  { method: 'DELETE', path: '/api/slots/{id}/rank-data', group: 'slots', op: 'deleteRankData', access: 'user' },
  { method: 'GET', path: '/api/slots/{id}/rank-history', group: 'slots', op: 'rankHistory', access: 'user' },
  // issue 12 item 7: the owner's rank alert (beyond the spec)
  { method: 'PUT', path: '/api/slots/{id}/rank-alert', group: 'slots', op: 'setRankAlert', access: 'user' },
] as const satisfies readonly RouteDef[];
