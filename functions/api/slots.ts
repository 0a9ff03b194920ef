import { changeStatus, deleteRankData, fillSlot, updateFields, userBulkUpdate } from '../domain/slots/changes';
import * as Queries from '../domain/slots/queries';
import { bulkCreateSlots, createSlot } from '../domain/slots/registration';
import { setRankAlert } from '../domain/slots/rank-alert';
import { changeContextOf } from '../domain/slots/slot-change-log';
import { defineGroup, reply } from '../http/api-handler';
import { slotRoutes } from '#shared/contract/routes/slots';

const change = changeContextOf;

export const handler = defineGroup(slotRoutes, {
  list: ({ query }, ctx) => Queries.listSlots(ctx.user, query),
  create: async ({ body }, ctx) => reply(await createSlot(body, change(ctx)), { status: 201 }),
  bulkCreate: ({ body }, ctx) => bulkCreateSlots(body, change(ctx)),
  count: ({ query }, ctx) => Queries.countSlots(ctx.user, query),
  userBulkUpdate: ({ body }, ctx) => userBulkUpdate(body, change(ctx)),
  allocation: ({ path }, ctx) => Queries.allocationOf(ctx.user, path.userId),
  get: ({ path }, ctx) => Queries.getSlot(ctx.user, path.id),
  changeStatus: ({ path, body }, ctx) => changeStatus(path.id, body, change(ctx)),
  updateFields: ({ path, body }, ctx) => updateFields(path.id, body, change(ctx)),
  fill: ({ path, body }, ctx) => fillSlot(path.id, body, change(ctx)),
  logs: ({ path }, ctx) => Queries.slotLogs(ctx.user, path.id),
  fieldValues: ({ path }, ctx) => Queries.fieldValues(ctx.user, path.id),
  rankDeleteQuery: ({ path }, ctx) => Queries.rankDeleteQuery(ctx.user, path.id),
  deleteRankData: ({ path }, ctx) => deleteRankData(path.id, change(ctx)),
  setRankAlert: ({ path, body }, ctx) => setRankAlert(ctx.user, path.id, body),
  rankHistory: ({ path, query }, ctx) => Queries.rankHistory(ctx.user, path.id, query),
});
