import * as Allocation from '../domain/slots/allocation';
import { approveSlot } from '../domain/slots/approval';
import * as Extension from '../domain/slots/extension';
import { refundPreview } from '../domain/slots/refunds';
import { editPrice, pricePreview } from '../domain/slots/price-edit';
import { changeContextOf as change } from '../domain/slots/slot-change-log';
import { systemStats } from '../domain/slots/system-stats';
import { defineGroup, reply } from '../http/api-handler';
import { slotAdminRoutes } from '#shared/contract/routes/slot-admin';

/** The operator console's slot work: approval, refund preview, price edit, stats, issuance, extensions. */
export const handler = defineGroup(slotAdminRoutes, {
  approve: ({ path, body }, ctx) => approveSlot(path.id, body, change(ctx)),
  systemStats: (_, ctx) => systemStats(ctx.user),
  refundPreview: ({ path, query }, ctx) => refundPreview(ctx.user, path.id, query.fullRefund),
  pricePreview: ({ path, query }, ctx) => pricePreview(ctx.user, path.id, query.price),
  editPrice: ({ path, body }, ctx) => editPrice(path.id, body.price, change(ctx)),
  allocate: async ({ path, body }, ctx) =>
    reply(await Allocation.allocateSlots(path.userId, body, change(ctx)), { status: 201 }),
  allocationHistory: ({ query }, ctx) => Allocation.listAllocationHistory(ctx.user, query),
  allocationPayment: ({ path, body }, ctx) => Allocation.setAllocationPayment(path.id, body.payment, ctx.user),
  byAllocation: ({ path }, ctx) => Allocation.slotsOfAllocation(ctx.user, path.id),
  extend: ({ path, body }, ctx) => Extension.extendSlot(path.id, body.extensionDays, change(ctx)),
  extendBulk: ({ body }, ctx) => Extension.extendBulk(body, change(ctx)),
  extensionHistory: ({ path }, ctx) => Extension.extensionHistory(ctx.user, path.id),
  userExtensions: ({ query }, ctx) => Extension.userExtensions(ctx.user, query),
});
