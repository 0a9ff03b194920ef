import * as WorkerKeys from '../domain/rank-measurement/worker-keys';
import * as Work from '../domain/rank-measurement/work-list';
import * as Observations from '../domain/rank-measurement/observations';
import * as Leases from '../domain/rank-measurement/leases';
import * as Operations from '../domain/rank-measurement/operations';
import { authenticateWorker } from '../domain/rank-measurement/worker-auth';
import { defineGroup, reply } from '../http/api-handler';
import { rankRoutes } from '#shared/contract/routes/rank';

/**
 * The rank-tracking API: worker keys for developers, the operations screen and its alerts for staff, the worker
 * routes (work, leases, checks) for key holders.
 */
export const handler = defineGroup(
  rankRoutes,
  {
    createWorkerKey: async ({ body }, ctx) => reply(await WorkerKeys.createWorkerKey(ctx.user, body), { status: 201 }),

    listWorkerKeys: (_, ctx) => WorkerKeys.listWorkerKeys(ctx.user),

    revokeWorkerKey: ({ path }, ctx) => WorkerKeys.revokeWorkerKey(ctx.user, path.id),

    work: ({ query }, ctx) => Work.workList(query, ctx.worker!),

    claimLeases: ({ body }, ctx) => Leases.claimLeases(ctx.worker!, body),

    releaseLeases: ({ body }, ctx) => Leases.releaseLeases(ctx.worker!, body),

    operations: (_, ctx) => Operations.rankOperations(ctx.user),

    alerts: (_, ctx) => Operations.firingRankAlerts(ctx.user),

    observations: ({ body }, ctx) =>
      Observations.recordObservations(
        { ...ctx.worker!, instance: body.worker },
        body.observations,
        new Date(),
        body.metrics,
      ),
  },
  { authenticateWorker },
);
