import {
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
import { rankAlertInputSchema } from '#shared/schemas/rank-alerts';
import { changeStatus, deleteRankData, fillSlot, updateFields, userBulkUpdate } from '../domain/slots/changes';
import * as Queries from '../domain/slots/queries';
import { bulkCreateSlots, createSlot } from '../domain/slots/registration';
import { setRankAlert } from '../domain/slots/rank-alert';
import { changeContextOf } from '../domain/slots/slot-change-log';
import { defineGroup, op, reply } from '../http/api-handler';
import { slotRoutes } from '#infra/routes/slots';

const change = changeContextOf;
const id = slotIdPathSchema;

export const handler = defineGroup(slotRoutes, {
  list: op({ query: slotListQuerySchema }, ({ query }, ctx) => Queries.listSlots(ctx.user, query)),
  create: op({ body: createSlotSchema }, async ({ body }, ctx) =>
    reply(await createSlot(body, change(ctx)), { status: 201 }),
  ),
  bulkCreate: op({ body: bulkCreateSlotsSchema }, ({ body }, ctx) => bulkCreateSlots(body, change(ctx))),
  count: op({ query: slotCountQuerySchema }, ({ query }, ctx) => Queries.countSlots(ctx.user, query)),
  userBulkUpdate: op({ body: userBulkUpdateSchema }, ({ body }, ctx) => userBulkUpdate(body, change(ctx))),
  allocation: op({ path: userIdPathSchema }, ({ path }, ctx) => Queries.allocationOf(ctx.user, path.userId)),
  get: op({ path: id }, ({ path }, ctx) => Queries.getSlot(ctx.user, path.id)),
  changeStatus: op({ path: id, body: slotStatusChangeSchema }, ({ path, body }, ctx) =>
    changeStatus(path.id, body, change(ctx)),
  ),
  updateFields: op({ path: id, body: updateSlotFieldsSchema }, ({ path, body }, ctx) =>
    updateFields(path.id, body, change(ctx)),
  ),
  fill: op({ path: id, body: fillSlotSchema }, ({ path, body }, ctx) => fillSlot(path.id, body, change(ctx))),
  logs: op({ path: id }, ({ path }, ctx) => Queries.slotLogs(ctx.user, path.id)),
  fieldValues: op({ path: id }, ({ path }, ctx) => Queries.fieldValues(ctx.user, path.id)),
  rankDeleteQuery: op({ path: id }, ({ path }, ctx) => Queries.rankDeleteQuery(ctx.user, path.id)),
  deleteRankData: op({ path: id }, ({ path }, ctx) => deleteRankData(path.id, change(ctx))),
  setRankAlert: op({ path: id, body: rankAlertInputSchema }, ({ path, body }, ctx) =>
    setRankAlert(ctx.user, path.id, body),
  ),
  rankHistory: op({ path: id, query: rankHistoryQuerySchema }, ({ path, query }, ctx) =>
    Queries.rankHistory(ctx.user, path.id, query),
  ),
});
