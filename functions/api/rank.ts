import {
  workQuerySchema,
  observationBatchSchema,
  workerKeyCreateSchema,
  workerKeyIdPathSchema,
} from '#shared/schemas/rank';
import * as WorkerKeys from '../domain/rank/worker-keys';
import * as Work from '../domain/rank/work-list';
import * as Observations from '../domain/rank/observations';
import { authenticateWorker } from '../domain/rank/worker-auth';
import { defineGroup, op, reply } from '../http/api-handler';
import { rankRoutes } from '#infra/routes/rank';

/** The rank-tracking API (issue 12): worker keys for developers, the two worker routes for key holders. */
export const handler = defineGroup(
  rankRoutes,
  {
    createWorkerKey: op({ body: workerKeyCreateSchema }, async ({ body }, ctx) =>
      reply(await WorkerKeys.createWorkerKey(ctx.user, body), { status: 201 }),
    ),

    listWorkerKeys: op({}, (_, ctx) => WorkerKeys.listWorkerKeys(ctx.user)),

    revokeWorkerKey: op({ path: workerKeyIdPathSchema }, ({ path }, ctx) =>
      WorkerKeys.revokeWorkerKey(ctx.user, path.id),
    ),

    work: op({ query: workQuerySchema }, ({ query }) => Work.workList(query)),

    observations: op({ body: observationBatchSchema }, ({ body }, ctx) =>
      Observations.recordObservations(ctx.worker!, body.observations),
    ),
  },
  { authenticateWorker },
);
