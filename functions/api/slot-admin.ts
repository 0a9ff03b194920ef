import { approveSlotSchema, slotIdPathSchema, userIdPathSchema } from '#shared/schemas/slots';
import { priceEditSchema, pricePreviewQuerySchema, refundPreviewQuerySchema } from '#shared/schemas/slot-admin';
import {
  allocateSlotsSchema,
  allocationHistoryQuerySchema,
  allocationIdPathSchema,
  allocationPaymentSchema,
  extendBulkSchema,
  extendSlotSchema,
} from '#shared/schemas/slot-allocations';
import * as Allocation from '../domain/slots/allocation';
import { approveSlot } from '../domain/slots/approval';
import * as Extension from '../domain/slots/extension';
import { refundPreview } from '../domain/slots/refunds';
import { editPrice, pricePreview } from '../domain/slots/price-edit';
import { changeContextOf as change } from '../domain/slots/slot-change-log';
import { systemStats } from '../domain/slots/system-stats';
import { defineGroup, op, reply } from '../http/api-handler';
import { slotAdminRoutes } from '#infra/routes/slot-admin';

/** The operator console's slot work (operator-console §7): approval, refund preview, price edit, stats, issuance, extensions. */
const id = slotIdPathSchema;

export const handler = defineGroup(slotAdminRoutes, {
  approve: op({ path: id, body: approveSlotSchema }, ({ path, body }, ctx) => approveSlot(path.id, body, change(ctx))),
  systemStats: op({}, (_, ctx) => systemStats(ctx.user)),
  refundPreview: op({ path: id, query: refundPreviewQuerySchema }, ({ path, query }, ctx) =>
    refundPreview(ctx.user, path.id, query.fullRefund),
  ),
  pricePreview: op({ path: id, query: pricePreviewQuerySchema }, ({ path, query }, ctx) =>
    pricePreview(ctx.user, path.id, query.price),
  ),
  editPrice: op({ path: id, body: priceEditSchema }, ({ path, body }, ctx) =>
    editPrice(path.id, body.price, change(ctx)),
  ),
  allocate: op({ path: userIdPathSchema, body: allocateSlotsSchema }, async ({ path, body }, ctx) =>
    reply(await Allocation.allocateSlots(path.userId, body, change(ctx)), { status: 201 }),
  ),
  allocationHistory: op({ query: allocationHistoryQuerySchema }, ({ query }, ctx) =>
    Allocation.listAllocationHistory(ctx.user, query),
  ),
  allocationPayment: op({ path: allocationIdPathSchema, body: allocationPaymentSchema }, ({ path, body }, ctx) =>
    Allocation.setAllocationPayment(path.id, body.payment, ctx.user),
  ),
  byAllocation: op({ path: allocationIdPathSchema }, ({ path }, ctx) =>
    Allocation.slotsOfAllocation(ctx.user, path.id),
  ),
  extend: op({ path: id, body: extendSlotSchema }, ({ path, body }, ctx) =>
    Extension.extendSlot(path.id, body.extensionDays, change(ctx)),
  ),
  extendBulk: op({ body: extendBulkSchema }, ({ body }, ctx) => Extension.extendBulk(body, change(ctx))),
});
