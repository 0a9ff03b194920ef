import {
  approveSlotSchema,
  bulkCreateSlotsSchema,
  createSlotSchema,
  fillSlotSchema,
  rankHistoryQuerySchema,
  slotCountQuerySchema,
  slotIdPathSchema,
  slotListQuerySchema,
  slotStatusChangeSchema,
  updateSlotFieldsSchema,
  userBulkUpdateSchema,
  userIdPathSchema,
} from '#shared/schemas/slots';
import { approveSlot } from '../domain/slots/approval';
import { changeStatus, deleteRankData, fillSlot, updateFields, userBulkUpdate } from '../domain/slots/changes';
import * as Queries from '../domain/slots/queries';
import { bulkCreateSlots, createSlot } from '../domain/slots/registration';
import type { ChangeContext } from '../domain/slots/slot-change-log';
import { refundPreviewQuerySchema } from '#shared/schemas/slot-admin';
import { refundPreview } from '../domain/slots/refunds';
import { systemStats } from '../domain/slots/system-stats';
import { defineGroup, op, reply, type RequestContext } from '../http/api-handler';
// issue 10 — pre-allocation issuance, history and extensions
import { allocateSlotsSchema, allocationHistoryQuerySchema, allocationIdPathSchema, allocationPaymentSchema, extendBulkSchema, extendSlotSchema } from '#shared/schemas/slot-allocations';
import * as Allocation from '../domain/slots/allocation';
import * as Extension from '../domain/slots/extension';

/** Who changes and from where: every slot change is logged with it. */
const change = (ctx: RequestContext): ChangeContext => ({ caller: ctx.user, ip: ctx.ip, userAgent: ctx.userAgent, idempotencyKey: ctx.idempotencyKey });
const id = slotIdPathSchema;

export const handler = defineGroup('slots', {
  list: op({ query: slotListQuerySchema }, ({ query }, ctx) => Queries.listSlots(ctx.user, query)),
  create: op({ body: createSlotSchema }, async ({ body }, ctx) => reply(await createSlot(body, change(ctx)), { status: 201 })),
  bulkCreate: op({ body: bulkCreateSlotsSchema }, ({ body }, ctx) => bulkCreateSlots(body, change(ctx))),
  count: op({ query: slotCountQuerySchema }, ({ query }, ctx) => Queries.countSlots(ctx.user, query)),
  userBulkUpdate: op({ body: userBulkUpdateSchema }, ({ body }, ctx) => userBulkUpdate(body, change(ctx))),
  allocation: op({ path: userIdPathSchema }, ({ path }, ctx) => Queries.allocationOf(ctx.user, path.userId)),
  get: op({ path: id }, ({ path }, ctx) => Queries.getSlot(ctx.user, path.id)),
  changeStatus: op({ path: id, body: slotStatusChangeSchema }, ({ path, body }, ctx) => changeStatus(path.id, body, change(ctx))),
  updateFields: op({ path: id, body: updateSlotFieldsSchema }, ({ path, body }, ctx) => updateFields(path.id, body, change(ctx))),
  fill: op({ path: id, body: fillSlotSchema }, ({ path, body }, ctx) => fillSlot(path.id, body, change(ctx))),
  logs: op({ path: id }, ({ path }, ctx) => Queries.slotLogs(ctx.user, path.id)),
  fieldValues: op({ path: id }, ({ path }, ctx) => Queries.fieldValues(ctx.user, path.id)),
  rankDeleteQuery: op({ path: id }, ({ path }, ctx) => Queries.rankDeleteQuery(ctx.user, path.id)),
  deleteRankData: op({ path: id }, ({ path }, ctx) => deleteRankData(path.id, change(ctx))),
  rankHistory: op({ path: id, query: rankHistoryQuerySchema }, ({ path, query }, ctx) => Queries.rankHistory(ctx.user, path.id, query)),
  approve: op({ path: id, body: approveSlotSchema }, ({ path, body }, ctx) => approveSlot(path.id, body, change(ctx))),
  // operator console: slot management and refunds
  systemStats: op({}, (_, ctx) => systemStats(ctx.user)),
  refundPreview: op({ path: id, query: refundPreviewQuerySchema }, ({ path, query }, ctx) => refundPreview(ctx.user, path.id, query.fullRefund)),
  // issue 10 — pre-allocation issuance, history and extensions
  allocate: op({ path: userIdPathSchema, body: allocateSlotsSchema }, async ({ path, body }, ctx) => reply(await Allocation.allocateSlots(path.userId, body, change(ctx)), { status: 201 })),
  allocationHistory: op({ query: allocationHistoryQuerySchema }, ({ query }, ctx) => Allocation.listAllocationHistory(ctx.user, query)),
  allocationPayment: op({ path: allocationIdPathSchema, body: allocationPaymentSchema }, ({ path, body }, ctx) => Allocation.setAllocationPayment(path.id, body.payment, ctx.user)),
  byAllocation: op({ path: allocationIdPathSchema }, ({ path }, ctx) => Allocation.slotsOfAllocation(ctx.user, path.id)),
  extend: op({ path: id, body: extendSlotSchema }, ({ path, body }, ctx) => Extension.extendSlot(path.id, body.extensionDays, change(ctx))),
  extendBulk: op({ body: extendBulkSchema }, ({ body }, ctx) => Extension.extendBulk(body, change(ctx))),
});
