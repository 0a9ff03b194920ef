import type { CashBalanceDto } from '#shared/schemas/cash';
import type { SlotDto } from '#shared/schemas/slots';
import { api } from './api-client';

/**
 * Compiled by `npm run typecheck` (web/tsconfig.json includes web/src), never run or bundled: each
 * `@ts-expect-error` below fails the type check unless the line after it is a compile error, so this
 * file proves a call the contract does not allow cannot be written.
 */
export async function contractChecks(id: string) {
  // Allowed: a route of the contract with its path param; the answer is the route's answer type.
  const slot: SlotDto = await api.call('GET /api/slots/{id}', { path: { id } });
  const balance: CashBalanceDto = await api.call('GET /api/cash/balance');
  await api.call('GET /api/slots', { query: { page: 2, status: 'active' } });

  // @ts-expect-error a route key the contract does not have (a renamed path)
  await api.call('GET /api/slot/{id}', { path: { id } });
  // @ts-expect-error a path the contract has, under another method
  await api.call('DELETE /api/slots/{id}', { path: { id } });
  // @ts-expect-error a rank worker's route: the web never calls it
  await api.call('GET /api/rank/work');

  // @ts-expect-error a route with a path param called without any input
  await api.call('GET /api/slots/{id}');
  // @ts-expect-error the path param missing from `path`
  await api.call('PUT /api/slots/{id}/fill', { path: {}, body: {} });
  // @ts-expect-error a path param under another name
  await api.call('GET /api/slots/{id}', { path: { slotId: id } });

  await api.call('PUT /api/slots/{id}/rank-alert', {
    path: { id },
    // @ts-expect-error a body field of the wrong type (whenOut is a boolean)
    body: { moveBy: null, whenOut: 'yes' },
  });
  // @ts-expect-error a body missing a required field
  await api.call('PUT /api/slots/{id}/rank-alert', { path: { id }, body: { moveBy: 3 } });
  // @ts-expect-error a body where the route takes none
  await api.call('GET /api/cash/balance', { body: { amount: 1 } });
  // @ts-expect-error a query field the route does not read
  await api.call('GET /api/slots', { query: { pageNumber: 2 } });

  // @ts-expect-error an answer used as another type (a balance has no slot fields)
  const notASlot: SlotDto = balance;
  // @ts-expect-error a field the answer does not have
  void slot.balance;

  return notASlot;
}
