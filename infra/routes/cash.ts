import type { RouteDef } from '../route-types';

/** The `cash` group's routes (its Lambda bundles only these; infra/routes.ts joins every group). */
export const cashRoutes = [
  // cash (design §5 cash paths; the whole group answers 409 while useCashSystem is off)
  { method: 'GET', path: '/api/cash/balance', group: 'cash', op: 'balance', access: 'user' },
  { method: 'GET', path: '/api/cash/transactions', group: 'cash', op: 'transactions', access: 'user' },
  { method: 'GET', path: '/api/cash/stats', group: 'cash', op: 'stats', access: 'operator' },
  { method: 'POST', path: '/api/cash/charge-requests', group: 'cash', op: 'createChargeRequest', access: 'user' },
  { method: 'GET', path: '/api/cash/charge-requests', group: 'cash', op: 'listChargeRequests', access: 'user' },
  {
    method: 'POST',
    path: '/api/cash/charge-requests/{id}/approve',
    group: 'cash',
    op: 'approveChargeRequest',
    access: 'operator',
  },
  {
    method: 'POST',
    path: '/api/cash/charge-requests/{id}/reject',
    group: 'cash',
    op: 'rejectChargeRequest',
    access: 'operator',
  },
  {
    method: 'POST',
    path: '/api/cash/charge-requests/{id}/cancel',
    group: 'cash',
    op: 'cancelChargeRequest',
    access: 'user',
  },
] as const satisfies readonly RouteDef[];
