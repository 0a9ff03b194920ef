import { answerOf, type RouteContract } from '../route';
import { rankAuthMessages } from '../../messages/rank-auth';
import {
  leaseRequestSchema,
  observationBatchSchema,
  workerKeyCreateSchema,
  workerKeyIdPathSchema,
  workQuerySchema,
  type LeaseClaimDto,
  type NewWorkerKeyDto,
  type ObservationBatchResult,
  type WorkerKeyDto,
  type WorkListDto,
} from '../../schemas/rank';
import type { RankAlertStateDto, RankOperationsDto } from '../../rank-operations';

/**
 * The `rank` group: worker keys (developers), the operations screen (staff), the rank-check worker routes
 * (`x-api-key`) and their leases.
 */
export const rankRoutes = [
  {
    method: 'POST',
    path: '/api/rank/worker-keys',
    group: 'rank',
    op: 'createWorkerKey',
    access: 'developer',
    secretAnswer: true,
    input: { body: workerKeyCreateSchema },
    answer: answerOf<NewWorkerKeyDto>(),
  },
  {
    method: 'GET',
    path: '/api/rank/worker-keys',
    group: 'rank',
    op: 'listWorkerKeys',
    access: 'developer',
    answer: answerOf<{ items: WorkerKeyDto[] }>(),
  },
  {
    method: 'DELETE',
    path: '/api/rank/worker-keys/{id}',
    group: 'rank',
    op: 'revokeWorkerKey',
    access: 'developer',
    input: { path: workerKeyIdPathSchema },
    answer: answerOf<WorkerKeyDto>(),
  },
  {
    method: 'GET',
    path: '/api/rank/operations',
    group: 'rank',
    op: 'operations',
    access: 'operator',
    answer: answerOf<RankOperationsDto>(),
  },
  {
    method: 'GET',
    path: '/api/rank/alerts',
    group: 'rank',
    op: 'alerts',
    access: 'operator',
    answer: answerOf<{ items: RankAlertStateDto[] }>(),
  },
  {
    method: 'GET',
    path: '/api/rank/work',
    group: 'rank',
    op: 'work',
    access: 'worker',
    forbidden: rankAuthMessages.workerRouteForUsers,
    input: { query: workQuerySchema },
    answer: answerOf<WorkListDto>(),
  },
  {
    method: 'POST',
    path: '/api/rank/leases',
    group: 'rank',
    op: 'claimLeases',
    access: 'worker',
    forbidden: rankAuthMessages.workerRouteForUsers,
    input: { body: leaseRequestSchema },
    answer: answerOf<LeaseClaimDto>(),
  },
  {
    method: 'POST',
    path: '/api/rank/leases/release',
    group: 'rank',
    op: 'releaseLeases',
    access: 'worker',
    forbidden: rankAuthMessages.workerRouteForUsers,
    input: { body: leaseRequestSchema },
    answer: answerOf<{ released: number }>(),
  },
  {
    method: 'POST',
    path: '/api/rank/observations',
    group: 'rank',
    op: 'observations',
    access: 'worker',
    forbidden: rankAuthMessages.workerRouteForUsers,
    input: { body: observationBatchSchema },
    answer: answerOf<ObservationBatchResult>(),
  },
] as const satisfies readonly RouteContract[];
