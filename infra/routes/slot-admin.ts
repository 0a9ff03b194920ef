import type { RouteDef } from '../route-types';

/** The `slotAdmin` group's routes (its Lambda bundles only these; infra/routes.ts joins every group). */
export const slotAdminRoutes = [
  { method: 'POST', path: '/api/slots/{id}/approve', group: 'slotAdmin', op: 'approve', access: 'operator' },
  // operator console: slot management and refunds (refunds go through PATCH /status)
  { method: 'GET', path: '/api/slots/system-stats', group: 'slotAdmin', op: 'systemStats', access: 'operator' },
  {
    method: 'GET',
    path: '/api/slots/{id}/refund-preview',
    group: 'slotAdmin',
    op: 'refundPreview',
    access: 'operator',
  },
  // issue 24 — price edit after approval: a preview, then the edit (send an Idempotency-Key)
  {
    method: 'GET',
    path: '/api/slots/{id}/price-preview',
    group: 'slotAdmin',
    op: 'pricePreview',
    access: 'operator',
  },
  { method: 'PUT', path: '/api/slots/{id}/price', group: 'slotAdmin', op: 'editPrice', access: 'operator' },
  // issue 10 — pre-allocation issuance, issuance history and extensions (operator-console §7)
  { method: 'POST', path: '/api/slots/allocate/{userId}', group: 'slotAdmin', op: 'allocate', access: 'operator' },
  {
    method: 'GET',
    path: '/api/slots/allocation-history',
    group: 'slotAdmin',
    op: 'allocationHistory',
    access: 'operator',
  },
  {
    method: 'PATCH',
    path: '/api/slots/allocation-history/{id}/payment',
    group: 'slotAdmin',
    op: 'allocationPayment',
    access: 'operator',
  },
  { method: 'GET', path: '/api/slots/by-allocation/{id}', group: 'slotAdmin', op: 'byAllocation', access: 'operator' },
  { method: 'POST', path: '/api/slots/{id}/extend', group: 'slotAdmin', op: 'extend', access: 'operator' },
  { method: 'POST', path: '/api/slots/extend-bulk', group: 'slotAdmin', op: 'extendBulk', access: 'operator' },
] as const satisfies readonly RouteDef[];
