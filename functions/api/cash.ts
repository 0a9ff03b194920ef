import * as Cash from '../domain/cash/cash-service';
import * as ChargeRequests from '../domain/cash/charge-requests';
import { defineGroup, reply } from '../http/api-handler';
import { cashRoutes } from '#shared/contract/routes/cash';

/** The cash API: thin adapters over functions/domain/cash. */
export const handler = defineGroup(cashRoutes, {
  balance: (_, ctx) => Cash.myBalance(ctx.user),

  transactions: ({ query }, ctx) => Cash.listTransactions(ctx.user, query),

  stats: (_, ctx) => Cash.cashStats(ctx.user),

  createChargeRequest: async ({ body }, ctx) =>
    reply(await ChargeRequests.createChargeRequest(ctx.user, body, ctx.idempotencyKey, ctx.ip), { status: 201 }),

  listChargeRequests: ({ query }, ctx) => ChargeRequests.listChargeRequests(ctx.user, query),

  approveChargeRequest: ({ path, body }, ctx) =>
    ChargeRequests.approveChargeRequest(ctx.user, path.id, body, ctx.idempotencyKey),

  rejectChargeRequest: ({ path, body }, ctx) =>
    ChargeRequests.rejectChargeRequest(ctx.user, path.id, body, ctx.idempotencyKey),

  cancelChargeRequest: ({ path }, ctx) => ChargeRequests.cancelChargeRequest(ctx.user, path.id, ctx.idempotencyKey),
});
