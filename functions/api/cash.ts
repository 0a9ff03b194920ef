import {
  approveChargeSchema,
  cashTransactionListQuerySchema,
  chargeIdPathSchema,
  chargeRequestListQuerySchema,
  chargeRequestSchema,
  rejectChargeSchema,
} from '#shared/schemas/cash';
import * as Cash from '../domain/cash/cash-service';
import * as ChargeRequests from '../domain/cash/charge-requests';
import { defineGroup, op, reply } from '../http/api-handler';
import { cashRoutes } from '#infra/routes/cash';

/** The cash API (design §5 cash paths): thin adapters over functions/domain/cash. */
export const handler = defineGroup(cashRoutes, {
  balance: op({}, (_, ctx) => Cash.myBalance(ctx.user)),

  transactions: op({ query: cashTransactionListQuerySchema }, ({ query }, ctx) =>
    Cash.listTransactions(ctx.user, query),
  ),

  stats: op({}, (_, ctx) => Cash.cashStats(ctx.user)),

  createChargeRequest: op({ body: chargeRequestSchema }, async ({ body }, ctx) =>
    reply(await ChargeRequests.createChargeRequest(ctx.user, body, ctx.idempotencyKey, ctx.ip), { status: 201 }),
  ),

  listChargeRequests: op({ query: chargeRequestListQuerySchema }, ({ query }, ctx) =>
    ChargeRequests.listChargeRequests(ctx.user, query),
  ),

  approveChargeRequest: op({ path: chargeIdPathSchema, body: approveChargeSchema }, ({ path, body }, ctx) =>
    ChargeRequests.approveChargeRequest(ctx.user, path.id, body, ctx.idempotencyKey),
  ),

  rejectChargeRequest: op({ path: chargeIdPathSchema, body: rejectChargeSchema }, ({ path, body }, ctx) =>
    ChargeRequests.rejectChargeRequest(ctx.user, path.id, body, ctx.idempotencyKey),
  ),

  cancelChargeRequest: op({ path: chargeIdPathSchema }, ({ path }, ctx) =>
    ChargeRequests.cancelChargeRequest(ctx.user, path.id, ctx.idempotencyKey),
  ),
});
