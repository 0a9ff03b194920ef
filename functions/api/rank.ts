import * as WorkerKeys from '../domain/rank-measurement/worker-keys';
import * as Work from '../domain/rank-measurement/work-list';
import * as Observations from '../domain/rank-measurement/observations';
import * as Operations from '../domain/rank-measurement/operations';
import { authenticateWorker } from '../domain/rank-measurement/worker-auth';
import { defineGroup, reply } from '../http/api-handler';
import { rankRoutes } from '#shared/contract/routes/rank';

/** The rank-tracking API (issue 12): worker keys for developers, the two worker routes for key holders. */
export const handler = defineGroup(
  rankRoutes,
  {
    createWorkerKey: async ({ body }, ctx) => reply(await WorkerKeys.createWorkerKey(ctx.user, body), { status: 201 }),

    listWorkerKeys: (_, ctx) => WorkerKeys.listWorkerKeys(ctx.user),

    revokeWorkerKey: ({ path }, ctx) => WorkerKeys.revokeWorkerKey(ctx.user, path.id),

    operations: (_, ctx) => Operations.rankOperations(ctx.user),

    alerts: (_, ctx) => Operations.firingRankAlerts(ctx.user),

    work: ({ query }) => Work.workList(query),

    observations: ({ body }, ctx) =>
      Observations.recordObservations(ctx.worker!, body.observations, new Date(), body.metrics),
  },
  { authenticateWorker },
);
